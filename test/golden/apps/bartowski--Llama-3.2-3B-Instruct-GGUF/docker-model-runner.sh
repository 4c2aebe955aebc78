# download the model
docker model pull hf.co/bartowski/Llama-3.2-3B-Instruct-GGUF:Q4_K_M

# ask the model once
docker model run hf.co/bartowski/Llama-3.2-3B-Instruct-GGUF:Q4_K_M 'Hello! What can you do?'
