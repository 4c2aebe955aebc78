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
		"input": "What is the capital of France?",
		"reasoning": map[string]any{
			"effort": "high",
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
	fmt.Println(answer)
}

// must stops the program at the first error.
func must[T any](value T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return value
}
