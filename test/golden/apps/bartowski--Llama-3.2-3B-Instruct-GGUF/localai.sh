# start LocalAI in Docker on port 8080 with the GGUF file, in the background
docker run --rm \
    -p 8080:8080 \
    localai/localai:latest \
    huggingface://bartowski/Llama-3.2-3B-Instruct-GGUF/Llama-3.2-3B-Instruct-Q4_K_M.gguf &

# wait until the server answers on http://localhost:8080/readyz, however long the first download takes
server=$!
waited=0
until curl -fs -o /dev/null http://localhost:8080/readyz; do
    if ! kill -0 "$server" 2>/dev/null; then echo 'LocalAI exited before it answered: see its output above' >&2; break; fi
    if (( waited % 10 == 0 )); then echo 'waiting for LocalAI on port 8080 (a first start downloads the model):' "${waited}s" >&2; fi
    sleep 2
    waited=$((waited + 2))
done

# ask the model through LocalAI's chat API
curl http://localhost:8080/v1/chat/completions \
    -H 'Content-Type: application/json' \
    -d '{"model":"Llama-3.2-3B-Instruct-Q4_K_M.gguf","messages":[{"role":"user","content":"Hello! What can you do?"}]}'
