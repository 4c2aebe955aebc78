import base64
import json
import os
from pathlib import Path

import requests

API_URL = "https://router.huggingface.co/v1/chat/completions"
headers = {
    "Authorization": f"Bearer {os.environ['HF_TOKEN']}",
    "Content-Type": "application/json",
}
image = base64.b64encode(Path("photos/dog.jpg").read_bytes()).decode("ascii")
payload = {
    "model": "Qwen/Qwen2.5-VL-7B-Instruct",
    "messages": [
        {
            "role": "user",
            "content": [
                {
                    "type": "text",
                    "text": "Describe this image in one sentence.",
                },
                {
                    "type": "image_url",
                    "image_url": {
                        "url": "data:image/jpeg;base64," + image,
                    },
                },
            ],
        },
    ],
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
