// Run: go run main.go
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
)

func main() {
	payload := map[string]any{
		"model": "meta-llama/Llama-3.1-8B-Instruct",
		"messages": []any{
			map[string]any{
				"role": "user",
				"content": "Name the largest city of Japan, its country and its population.",
			},
		},
		"response_format": map[string]any{
			"type": "json_schema",
			"json_schema": map[string]any{
				"name": "answer",
				"schema": map[string]any{
					"type": "object",
					"properties": map[string]any{
						"city": map[string]any{
							"type": "string",
						},
						"country": map[string]any{
							"type": "string",
						},
						"population": map[string]any{
							"type": "integer",
						},
					},
					"required": []any{
						"city",
						"country",
						"population",
					},
					"additionalProperties": false,
				},
				"strict": true,
			},
		},
	}
	body := bytes.NewReader(must(json.Marshal(payload)))

	request := must(http.NewRequest("POST", "https://router.huggingface.co/v1/chat/completions", body))
	request.Header.Set("Authorization", "Bearer "+os.Getenv("HF_TOKEN"))
	request.Header.Set("Content-Type", "application/json")

	response := must(http.DefaultClient.Do(request))
	defer response.Body.Close()
	reply := must(io.ReadAll(response.Body))
	if response.StatusCode >= 300 {
		log.Fatalf("Request failed: %s %s", response.Status, reply)
	}
	var completion struct {
		Choices []struct {
			Message struct {
				Content string `json:"content"`
			} `json:"message"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(reply, &completion); err != nil {
		log.Fatal(err)
	}
	if len(completion.Choices) == 0 {
		log.Fatalf("No choices in the reply: %s", reply)
	}
	// The reply is JSON that follows the schema: printed indented, its members in the order they came.
	var answer bytes.Buffer
	if err := json.Indent(&answer, bytes.TrimSpace([]byte(completion.Choices[0].Message.Content)), "", "    "); err != nil {
		log.Fatal(err)
	}
	fmt.Println(answer.String())
}

// must stops the program at the first error.
func must[T any](value T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return value
}
