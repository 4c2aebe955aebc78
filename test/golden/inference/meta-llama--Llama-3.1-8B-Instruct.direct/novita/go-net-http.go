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
		"model": "meta-llama/llama-3.1-8b-instruct",
		"messages": []any{
			map[string]any{
				"role": "user",
				"content": "What is the capital of France?",
			},
		},
	}
	body := bytes.NewReader(must(json.Marshal(payload)))

	request := must(http.NewRequest("POST", "https://api.novita.ai/v3/openai/chat/completions", body))
	request.Header.Set("Authorization", "Bearer "+os.Getenv("NOVITA_API_KEY"))
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
	fmt.Println(completion.Choices[0].Message.Content)
}

// must stops the program at the first error.
func must[T any](value T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return value
}
