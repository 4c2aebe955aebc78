# chat with the model in the terminal (Node.js 20 or newer)
npx -y node-llama-cpp chat hf:bartowski/Llama-3.2-3B-Instruct-GGUF:Q4_K_M
