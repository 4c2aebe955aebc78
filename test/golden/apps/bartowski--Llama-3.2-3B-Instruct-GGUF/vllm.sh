# install vLLM and its GGUF plugin
pip install vllm vllm-gguf-plugin

# start an OpenAI-compatible server on port 8000 with the base model's tokenizer, in the background
vllm serve \
    bartowski/Llama-3.2-3B-Instruct-GGUF:Q4_K_M \
    --tokenizer meta-llama/Llama-3.2-3B-Instruct \
    --served-model-name bartowski/Llama-3.2-3B-Instruct-GGUF \
    --port 8000 &

# wait until the server answers on http://localhost:8000/health, however long the first download takes
server=$!
waited=0
until curl -fs -o /dev/null http://localhost:8000/health; do
    if ! kill -0 "$server" 2>/dev/null; then echo 'vLLM exited before it answered: see its output above' >&2; break; fi
    if (( waited % 10 == 0 )); then echo 'waiting for vLLM on port 8000 (a first start downloads the model):' "${waited}s" >&2; fi
    sleep 2
    waited=$((waited + 2))
done

# ask the model through the server's chat API
curl http://localhost:8000/v1/chat/completions \
    -H 'Content-Type: application/json' \
    -d '{"model":"bartowski/Llama-3.2-3B-Instruct-GGUF","messages":[{"role":"user","content":"Hello! What can you do?"}]}'
