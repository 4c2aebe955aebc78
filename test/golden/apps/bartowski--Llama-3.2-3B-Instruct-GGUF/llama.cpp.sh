# install llama.cpp (macOS and Linux; on Windows: winget install llama.cpp)
curl -LsSf https://llama.app/install.sh | sh

# start an OpenAI-compatible server on port 8080, in the background
llama serve \
    -hf bartowski/Llama-3.2-3B-Instruct-GGUF:Q4_K_M \
    --port 8080 &

# wait until the server answers on http://localhost:8080/health, however long the first download takes
server=$!
waited=0
until curl -fs -o /dev/null http://localhost:8080/health; do
    if ! kill -0 "$server" 2>/dev/null; then echo 'llama serve exited before it answered: see its output above' >&2; break; fi
    if (( waited % 10 == 0 )); then echo 'waiting for llama serve on port 8080 (a first start downloads the model):' "${waited}s" >&2; fi
    sleep 2
    waited=$((waited + 2))
done

# ask the model through the server's chat API
curl http://localhost:8080/v1/chat/completions \
    -H 'Content-Type: application/json' \
    -d '{"messages":[{"role":"user","content":"Hello! What can you do?"}]}'
