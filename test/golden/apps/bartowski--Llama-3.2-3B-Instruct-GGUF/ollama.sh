# download the model (Ollama's server must be running: ollama serve)
ollama pull hf.co/bartowski/Llama-3.2-3B-Instruct-GGUF:Q4_K_M

# ask the model through Ollama's chat API on port 11434
curl http://localhost:11434/v1/chat/completions \
    -H 'Content-Type: application/json' \
    -d '{"model":"hf.co/bartowski/Llama-3.2-3B-Instruct-GGUF:Q4_K_M","messages":[{"role":"user","content":"Hello! What can you do?"}]}'

# chat with the model in the terminal
ollama run hf.co/bartowski/Llama-3.2-3B-Instruct-GGUF:Q4_K_M
