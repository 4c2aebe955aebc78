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
		"input": "Name the largest city of Japan, its country and its population.",
		"text": map[string]any{
			"format": map[string]any{
				"type": "json_schema",
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

	request := must(http.NewRequest("POST", "https://router.huggingface.co/v1/responses", body))
	request.Header.Set("Authorization", "Bearer "+os.Getenv("HF_TOKEN"))
	request.Header.Set("Content-Type", "application/json")

	response := must(http.DefaultClient.Do(request))
	defer response.Body.Close()
	reply := must(io.ReadAll(response.Body))
	if response.StatusCode >= 300 {
		log.Fatalf("Request failed: %s %s", response.Status, reply)
	}
	// The answer's text is in the output items of type "message", as parts of type "output_text".
	var result struct {
		Output []struct {
			Type    string `json:"type"`
			Content []struct {
				Type string `json:"type"`
				Text string `json:"text"`
			} `json:"content"`
		} `json:"output"`
	}
	if err := json.Unmarshal(reply, &result); err != nil {
		log.Fatal(err)
	}
	answer := ""
	for _, item := range result.Output {
		if item.Type != "message" {
			continue
		}
		for _, part := range item.Content {
			if part.Type == "output_text" {
				answer += part.Text
			}
		}
	}
	// The text is JSON that follows the schema: printed indented, its members in the order they came.
	var structured bytes.Buffer
	if err := json.Indent(&structured, bytes.TrimSpace([]byte(answer)), "", "    "); err != nil {
		log.Fatal(err)
	}
	fmt.Println(structured.String())
}

// must stops the program at the first error.
func must[T any](value T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return value
}
