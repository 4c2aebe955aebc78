from llama_cpp import Llama

llm = Llama.from_pretrained(
    repo_id="bartowski/Llama-3.2-3B-Instruct-GGUF",
    filename="Llama-3.2-3B-Instruct-Q4_K_M.gguf",
)

output = llm.create_chat_completion(
    messages=[{"role": "user", "content": "What is the capital of France?"}],
)
print(output["choices"][0]["message"]["content"])
