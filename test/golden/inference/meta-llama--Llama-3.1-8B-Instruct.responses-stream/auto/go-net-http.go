// Run: go run main.go
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"strings"
)

func main() {
	payload := map[string]any{
		"model": "meta-llama/Llama-3.1-8B-Instruct",
		"instructions": "Answer in one word.",
		"input": "What is the capital of France?",
		"max_output_tokens": 256,
		"stream": true,
	}
	body := strings.NewReader(string(must(json.Marshal(payload))))

	request := must(http.NewRequest("POST", "https://router.huggingface.co/v1/responses", body))
	request.Header.Set("Authorization", "Bearer "+os.Getenv("HF_TOKEN"))
	request.Header.Set("Content-Type", "application/json")

	response := must(http.DefaultClient.Do(request))
	defer response.Body.Close()
	if response.StatusCode >= 300 {
		log.Fatalf("Request failed: %s %s", response.Status, must(io.ReadAll(response.Body)))
	}

	// Server-sent events, each with an `event:` and a `data:` line; the data's "type" names the event.
	lines := bufio.NewScanner(response.Body)
	lines.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for lines.Scan() {
		line := lines.Text()
		if !strings.HasPrefix(line, "data:") {
			continue
		}
		var event struct {
			Type  string `json:"type"`
			Delta string `json:"delta"`
		}
		if err := json.Unmarshal([]byte(line[len("data:"):]), &event); err != nil {
			log.Fatal(err)
		}
		if event.Type == "response.output_text.delta" {
			fmt.Print(event.Delta)
		} else if event.Type == "response.completed" {
			break
		} else if event.Type == "response.failed" || event.Type == "error" {
			log.Fatalf("The response failed: %s", line)
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
