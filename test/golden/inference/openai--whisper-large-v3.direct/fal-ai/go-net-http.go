// Run: go run main.go
// sample1.mp3 is an example name: save an audio file of yours there, or write its path instead.
package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
)

func main() {
	audioBytes := must(os.ReadFile("sample1.mp3"))
	audio := base64.StdEncoding.EncodeToString(audioBytes)
	payload := map[string]any{
		"audio_url": "data:audio/mpeg;base64," + audio,
	}
	body := bytes.NewReader(must(json.Marshal(payload)))

	request := must(http.NewRequest("POST", "https://fal.run/fal-ai/whisper", body))
	request.Header.Set("Authorization", "Key "+os.Getenv("FAL_AI_API_KEY"))
	request.Header.Set("Content-Type", "application/json")

	response := must(http.DefaultClient.Do(request))
	defer response.Body.Close()
	reply := must(io.ReadAll(response.Body))
	if response.StatusCode >= 300 {
		log.Fatalf("Request failed: %s %s", response.Status, reply)
	}
	var result any
	if err := json.Unmarshal(reply, &result); err != nil {
		log.Fatal(err)
	}
	transcript := text(at(result, "text"))
	if transcript == "" {
		log.Fatalf("No transcript in the reply: %s", reply)
	}
	fmt.Println(transcript)
}

// must stops the program at the first error.
func must[T any](value T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return value
}

// at is the value at a path of keys and indexes in decoded JSON, or nil.
func at(value any, path ...any) any {
	for _, key := range path {
		switch node := value.(type) {
		case map[string]any:
			name, _ := key.(string)
			value = node[name]
		case []any:
			index, ok := key.(int)
			if !ok || index >= len(node) {
				return nil
			}
			value = node[index]
		default:
			return nil
		}
	}
	return value
}

// text is a JSON value as text: a string as it is, anything else as JSON.
func text(value any) string {
	if s, ok := value.(string); ok {
		return s
	}
	if value == nil {
		return ""
	}
	return string(must(json.Marshal(value)))
}
