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

const maxRounds = 5

// toolCall is one function call the model asks for, its arguments as JSON text.
type toolCall struct {
	CallID, Name, Arguments string
}

func get_weather(arguments map[string]any) any {
	// A sample: fixed data stands for a real weather lookup.
	return map[string]any{
		"temperature": 22,
		"unit": "celsius",
		"conditions": "sunny",
	}
}

// toolFunctions holds the function for each tool name the model may ask for.
var toolFunctions = map[string]func(map[string]any) any{
	"get_weather": get_weather,
}

func main() {
	payload := map[string]any{
		"model": "meta-llama/Llama-3.1-8B-Instruct",
		"input": []any{
			map[string]any{
				"role": "user",
				"content": "What is the weather like in Paris and in Tokyo?",
			},
		},
		"tools": []any{
			map[string]any{
				"type": "function",
				"name": "get_weather",
				"description": "Get the current weather in a city.",
				"parameters": map[string]any{
					"type": "object",
					"properties": map[string]any{
						"location": map[string]any{
							"type": "string",
							"description": "The city, e.g. Paris",
						},
						"unit": map[string]any{
							"type": "string",
							"enum": []any{
								"celsius",
								"fahrenheit",
							},
						},
					},
					"required": []any{
						"location",
					},
				},
			},
		},
	}
	// The input is sent whole each time (no previous_response_id): it grows by the calls a reply asks for and their outputs.
	for round := 0; round < maxRounds; round++ {
		text, calls := ask(payload)
		if len(calls) == 0 {
			fmt.Println(text)
			return
		}
		input := payload["input"].([]any)
		for _, call := range calls {
			input = append(input, map[string]any{"type": "function_call", "call_id": call.CallID, "name": call.Name, "arguments": call.Arguments})
		}
		// Every call the reply asks for is answered, by its call_id, before the model is asked again.
		for _, call := range calls {
			var result any = map[string]any{"error": "no such tool"}
			if function, ok := toolFunctions[call.Name]; ok {
				arguments := map[string]any{}
				if call.Arguments != "" {
					if err := json.Unmarshal([]byte(call.Arguments), &arguments); err != nil {
						log.Fatal(err)
					}
				}
				result = function(arguments)
			}
			input = append(input, map[string]any{"type": "function_call_output", "call_id": call.CallID, "output": string(must(json.Marshal(result)))})
		}
		payload["input"] = input
	}
	log.Fatalf("No final answer after %d rounds of tool calls", maxRounds)
}

// ask sends the input so far; it returns the reply's text and the function calls it asks for.
func ask(payload map[string]any) (string, []toolCall) {
	request := must(http.NewRequest("POST", "https://router.huggingface.co/v1/responses", bytes.NewReader(must(json.Marshal(payload)))))
	request.Header.Set("Authorization", "Bearer "+os.Getenv("HF_TOKEN"))
	request.Header.Set("Content-Type", "application/json")
	response := must(http.DefaultClient.Do(request))
	defer response.Body.Close()
	reply := must(io.ReadAll(response.Body))
	if response.StatusCode >= 300 {
		log.Fatalf("Request failed: %s %s", response.Status, reply)
	}
	var result struct {
		Output []struct {
			Type      string `json:"type"`
			CallID    string `json:"call_id"`
			Name      string `json:"name"`
			Arguments string `json:"arguments"`
			Content   []struct {
				Type string `json:"type"`
				Text string `json:"text"`
			} `json:"content"`
		} `json:"output"`
	}
	if err := json.Unmarshal(reply, &result); err != nil {
		log.Fatal(err)
	}
	// The text is in the "message" items, as "output_text" parts; each call the model asks for is a "function_call" item.
	text := ""
	calls := []toolCall{}
	for _, item := range result.Output {
		switch item.Type {
		case "message":
			for _, part := range item.Content {
				if part.Type == "output_text" {
					text += part.Text
				}
			}
		case "function_call":
			calls = append(calls, toolCall{item.CallID, item.Name, item.Arguments})
		}
	}
	return text, calls
}

// must stops the program at the first error.
func must[T any](value T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return value
}
