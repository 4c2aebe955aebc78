import os

from openai import OpenAI

client = OpenAI(
    base_url="https://router.huggingface.co/v1",
    api_key=os.environ["HF_TOKEN"],
)

response = client.responses.create(
    model="meta-llama/Llama-3.1-8B-Instruct",
    input="What is the capital of France?",
    reasoning={
        "effort": "high",
    },
)

print(response.output_text)
