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
	fmt.Println(string(reply))
}

// must stops the program at the first error.
func must[T any](value T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return value
}
