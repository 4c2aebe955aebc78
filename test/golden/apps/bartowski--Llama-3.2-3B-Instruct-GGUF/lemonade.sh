# register the model with Lemonade Server (install it from https://lemonade-server.ai)
lemonade-server pull user.Llama-3.2-3B-Instruct-GGUF \
    --checkpoint bartowski/Llama-3.2-3B-Instruct-GGUF:Q4_K_M \
    --recipe llamacpp

# chat with the model
lemonade-server run user.Llama-3.2-3B-Instruct-GGUF
