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

// toolCall is one call the model asks for, its arguments as JSON text.
type toolCall struct {
	ID, Name, Arguments string
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
		"messages": []any{
			map[string]any{
				"role": "user",
				"content": "What is the weather like in Paris and in Tokyo?",
			},
		},
		"tools": []any{
			map[string]any{
				"type": "function",
				"function": map[string]any{
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
		},
	}
	for round := 0; round < maxRounds; round++ {
		content, calls := ask(payload)
		if len(calls) == 0 {
			fmt.Println(content)
			return
		}
		asked := []any{}
		for _, call := range calls {
			asked = append(asked, map[string]any{"id": call.ID, "type": "function", "function": map[string]any{"name": call.Name, "arguments": call.Arguments}})
		}
		messages := append(payload["messages"].([]any), map[string]any{"role": "assistant", "content": content, "tool_calls": asked})
		// Every call the reply asks for is answered before the model is asked again.
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
			messages = append(messages, map[string]any{"role": "tool", "tool_call_id": call.ID, "content": string(must(json.Marshal(result)))})
		}
		payload["messages"] = messages
	}
	log.Fatalf("No final answer after %d rounds of tool calls", maxRounds)
}

// ask sends the conversation so far; it returns the reply's text and the tool calls it asks for.
func ask(payload map[string]any) (string, []toolCall) {
	request := must(http.NewRequest("POST", "https://router.huggingface.co/v1/chat/completions", bytes.NewReader(must(json.Marshal(payload)))))
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
				Content   string `json:"content"`
				ToolCalls []struct {
					ID       string `json:"id"`
					Function struct {
						Name      string `json:"name"`
						Arguments string `json:"arguments"`
					} `json:"function"`
				} `json:"tool_calls"`
			} `json:"message"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(reply, &completion); err != nil {
		log.Fatal(err)
	}
	if len(completion.Choices) == 0 {
		log.Fatalf("No choices in the reply: %s", reply)
	}
	message := completion.Choices[0].Message
	calls := []toolCall{}
	for _, call := range message.ToolCalls {
		calls = append(calls, toolCall{call.ID, call.Function.Name, call.Function.Arguments})
	}
	return message.Content, calls
}

// must stops the program at the first error.
func must[T any](value T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return value
}
