// Run: go run main.go
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"strings"
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
		"stream": true,
	}
	for round := 0; round < maxRounds; round++ {
		content, calls := ask(payload)
		if len(calls) == 0 {
			fmt.Println()
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
	if response.StatusCode >= 300 {
		log.Fatalf("Request failed: %s %s", response.Status, must(io.ReadAll(response.Body)))
	}
	var content strings.Builder
	calls := []toolCall{}
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
					Content   string `json:"content"`
					ToolCalls []struct {
						Index    int    `json:"index"`
						ID       string `json:"id"`
						Function struct {
							Name      string `json:"name"`
							Arguments string `json:"arguments"`
						} `json:"function"`
					} `json:"tool_calls"`
				} `json:"delta"`
			} `json:"choices"`
		}
		if err := json.Unmarshal([]byte(data), &chunk); err != nil {
			log.Fatal(err)
		}
		if len(chunk.Choices) == 0 {
			continue
		}
		delta := chunk.Choices[0].Delta
		fmt.Print(delta.Content)
		content.WriteString(delta.Content)
		// A tool call arrives in pieces, by index: its id and name first, then its arguments in parts.
		for _, part := range delta.ToolCalls {
			for len(calls) <= part.Index {
				calls = append(calls, toolCall{})
			}
			call := &calls[part.Index]
			if part.ID != "" {
				call.ID = part.ID
			}
			if part.Function.Name != "" {
				call.Name = part.Function.Name
			}
			call.Arguments += part.Function.Arguments
		}
	}
	if err := lines.Err(); err != nil {
		log.Fatal(err)
	}
	return content.String(), calls
}

// must stops the program at the first error.
func must[T any](value T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return value
}
