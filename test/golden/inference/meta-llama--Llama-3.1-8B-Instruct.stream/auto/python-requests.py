import json
import os

import requests

API_URL = "https://router.huggingface.co/v1/chat/completions"
headers = {
    "Authorization": f"Bearer {os.environ['HF_TOKEN']}",
    "Content-Type": "application/json",
}
payload = {
    "model": "meta-llama/Llama-3.1-8B-Instruct",
    "messages": [
        {
            "role": "user",
            "content": "What is the capital of France?",
        },
    ],
    "temperature": 0.5,
    "max_tokens": 256,
    "stream": True,
}

with requests.post(API_URL, headers=headers, json=payload, stream=True) as response:
    if not response.ok:
        raise SystemExit(f"Request failed: {response.status_code} {response.text}")
    # Server-sent events: one `data:` line per chunk, then `data: [DONE]`.
    for line in response.iter_lines():
        if not line.startswith(b"data:"):
            continue
        data = line[len(b"data:"):].strip()
        if data == b"[DONE]":
            break
        chunk = json.loads(data)
        if chunk.get("choices"):
            print(chunk["choices"][0]["delta"].get("content") or "", end="", flush=True)
print()
