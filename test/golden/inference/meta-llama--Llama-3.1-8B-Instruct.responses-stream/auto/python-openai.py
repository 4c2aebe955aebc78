import os

from openai import OpenAI

client = OpenAI(
    base_url="https://router.huggingface.co/v1",
    api_key=os.environ["HF_TOKEN"],
)

stream = client.responses.create(
    model="meta-llama/Llama-3.1-8B-Instruct",
    instructions="Answer in one word.",
    input="What is the capital of France?",
    max_output_tokens=256,
    stream=True,
)

# Semantic events: the text arrives in `response.output_text.delta` events, until `response.completed`.
for event in stream:
    if event.type == "response.output_text.delta":
        print(event.delta, end="", flush=True)
    elif event.type in ("response.failed", "error"):
        raise RuntimeError(f"The response failed: {event}")
print()
