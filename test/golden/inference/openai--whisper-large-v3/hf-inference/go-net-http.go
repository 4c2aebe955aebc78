// Run: go run main.go
// sample1.flac is an example name: save an audio file of yours there, or write its path instead.
package main

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
)

func main() {
	dataBytes := must(os.ReadFile("sample1.flac"))
	body := bytes.NewReader(dataBytes)

	request := must(http.NewRequest("POST", "https://router.huggingface.co/hf-inference/models/openai/whisper-large-v3", body))
	request.Header.Set("Authorization", "Bearer "+os.Getenv("HF_TOKEN"))
	request.Header.Set("Content-Type", "audio/flac")

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
