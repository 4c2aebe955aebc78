# install MLX LM (Apple silicon)
pip install mlx-lm

# generate text in the terminal
mlx_lm.generate --model mlx-community/Llama-3.2-3B-Instruct-4bit \
    --prompt 'Hello! What can you do?'

# start an OpenAI-compatible server on port 8080, in the background
mlx_lm.server --model mlx-community/Llama-3.2-3B-Instruct-4bit --port 8080 &

# wait until the server answers on http://localhost:8080/v1/models, however long the first download takes
server=$!
waited=0
until curl -fs -o /dev/null http://localhost:8080/v1/models; do
    if ! kill -0 "$server" 2>/dev/null; then echo 'mlx_lm.server exited before it answered: see its output above' >&2; break; fi
    if (( waited % 10 == 0 )); then echo 'waiting for mlx_lm.server on port 8080 (a first start downloads the model):' "${waited}s" >&2; fi
    sleep 2
    waited=$((waited + 2))
done

# ask the model through the server's chat API
curl http://localhost:8080/v1/chat/completions \
    -H 'Content-Type: application/json' \
    -d '{"model":"mlx-community/Llama-3.2-3B-Instruct-4bit","messages":[{"role":"user","content":"Hello! What can you do?"}]}'
