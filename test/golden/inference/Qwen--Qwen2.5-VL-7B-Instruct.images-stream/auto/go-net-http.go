// Run: go run main.go
package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"strings"
)

func main() {
	image := base64.StdEncoding.EncodeToString(must(os.ReadFile("photos/dog.jpg")))
	payload := map[string]any{
		"model": "Qwen/Qwen2.5-VL-7B-Instruct",
		"messages": []any{
			map[string]any{
				"role": "user",
				"content": []any{
					map[string]any{
						"type": "text",
						"text": "Describe this image in one sentence.",
					},
					map[string]any{
						"type": "image_url",
						"image_url": map[string]any{
							"url": "data:image/jpeg;base64," + image,
						},
					},
				},
			},
		},
		"stream": true,
	}
	body := strings.NewReader(string(must(json.Marshal(payload))))

	request := must(http.NewRequest("POST", "https://router.huggingface.co/v1/chat/completions", body))
	request.Header.Set("Authorization", "Bearer "+os.Getenv("HF_TOKEN"))
	request.Header.Set("Content-Type", "application/json")

	response := must(http.DefaultClient.Do(request))
	defer response.Body.Close()
	if response.StatusCode >= 300 {
		log.Fatalf("Request failed: %s %s", response.Status, must(io.ReadAll(response.Body)))
	}

	// Server-sent events: one `data:` line per chunk, then `data: [DONE]`.
	lines := bufio.NewScanner(response.Body)
	lines.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for lines.Scan() {
		line := lines.Text()
		if !strings.HasPrefix(line, "data:") {
			continue
		}
		data := strings.TrimSpace(line[len("data:"):])
		if data == "[DONE]" {
			break
		}
		var chunk struct {
			Choices []struct {
				Delta struct {
					Content string `json:"content"`
				} `json:"delta"`
			} `json:"choices"`
		}
		if err := json.Unmarshal([]byte(data), &chunk); err != nil {
			log.Fatal(err)
		}
		if len(chunk.Choices) > 0 {
			fmt.Print(chunk.Choices[0].Delta.Content)
		}
	}
	if err := lines.Err(); err != nil {
		log.Fatal(err)
	}
	fmt.Println()
}

// must stops the program at the first error.
func must[T any](value T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return value
}
