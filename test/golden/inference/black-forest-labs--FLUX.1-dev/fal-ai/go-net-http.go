// Run: go run main.go
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"
)

// send makes a request with the headers the provider wants and returns the reply's status code and body.
func send(method string, address string, body io.Reader) (int, []byte) {
	request := must(http.NewRequest(method, address, body))
	request.Header.Set("Authorization", "Bearer "+os.Getenv("HF_TOKEN"))
	request.Header.Set("Content-Type", "application/json")
	response := must(http.DefaultClient.Do(request))
	defer response.Body.Close()
	return response.StatusCode, must(io.ReadAll(response.Body))
}

func main() {
	payload := map[string]any{
		"prompt": "Astronaut in a jungle, cold color palette, muted colors, detailed, 8k",
	}

	// The provider queues the job: submit it, poll it until it is done, then download the output.
	code, reply := send("POST", "https://router.huggingface.co/fal-ai/fal-ai/flux/dev?_subdomain=queue", bytes.NewReader(must(json.Marshal(payload))))
	if code >= 300 {
		log.Fatalf("Request failed: %d %s", code, reply)
	}
	var job any
	if err := json.Unmarshal(reply, &job); err != nil {
		log.Fatal(err)
	}
	statusUrl := "https://router.huggingface.co/fal-ai" + urlPath(text(at(job, "response_url"))) + "/status?_subdomain=queue"

	status := job
	for polls := 0; ; polls++ {
		state := text(at(status, "status"))
		if state == "COMPLETED" {
			break
		}
		if polls == 150 {
			log.Fatal("The job did not finish within 300 seconds")
		}
		time.Sleep(2 * time.Second)
		code, reply := send("GET", statusUrl, nil)
		// A server error on one poll is not the job's: ask again at the next poll.
		if code >= 500 {
			continue
		}
		if code >= 300 {
			log.Fatalf("Polling failed: %d %s", code, reply)
		}
		if err := json.Unmarshal(reply, &status); err != nil {
			log.Fatal(err)
		}
	}

	resultUrl := "https://router.huggingface.co/fal-ai" + urlPath(text(at(job, "response_url"))) + "?_subdomain=queue"
	code, reply = send("GET", resultUrl, nil)
	if code >= 300 {
		// A job that failed is also done: the result request reports why.
		log.Fatalf("The job failed: %d %s", code, reply)
	}
	var result any
	if err := json.Unmarshal(reply, &result); err != nil {
		log.Fatal(err)
	}
	output := at(result, "images", 0, "url")
	outputUrl, ok := output.(string)
	if !ok {
		log.Fatalf("No output file in the result: %s", text(result))
	}

	saveDownload(outputUrl)
}

// must stops the program at the first error.
func must[T any](value T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return value
}

// extension names a file by its content type; these types' extensions are not their subtypes.
func extension(contentType string) string {
	mime, _, _ := strings.Cut(contentType, ";")
	mime = strings.TrimSpace(mime)
	switch mime {
	case "image/jpeg":
		return "jpg"
	case "audio/mpeg":
		return "mp3"
	case "audio/x-wav":
		return "wav"
	}
	if _, subtype, found := strings.Cut(mime, "/"); found && subtype != "" {
		return subtype
	}
	return "bin"
}

// saveDownload fetches the output from the provider's file host, without the token, and saves it by its content type.
func saveDownload(address string) {
	response := must(http.Get(address))
	defer response.Body.Close()
	file := must(io.ReadAll(response.Body))
	if response.StatusCode >= 300 {
		log.Fatalf("Download failed: %s", response.Status)
	}
	name := "output." + extension(response.Header.Get("Content-Type"))
	if err := os.WriteFile(name, file, 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Println("Saved", name)
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

// urlPath is the path of a URL: the job is polled on the host it was submitted to.
func urlPath(address string) string {
	return must(url.Parse(address)).EscapedPath()
}
