# register the model with Lemonade (install it from https://lemonade-server.ai)
lemonade pull user.Llama-3.2-3B-Instruct-GGUF \
    --checkpoint main bartowski/Llama-3.2-3B-Instruct-GGUF:Q4_K_M \
    --recipe llamacpp

# load the model and chat with it in Lemonade's web app
lemonade run user.Llama-3.2-3B-Instruct-GGUF
