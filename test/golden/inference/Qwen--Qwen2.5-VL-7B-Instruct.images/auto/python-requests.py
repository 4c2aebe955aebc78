import base64
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
                        "url": "https://example.com/cat.png",
                    },
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
}

response = requests.post(API_URL, headers=headers, json=payload)
if not response.ok:
    raise SystemExit(f"Request failed: {response.status_code} {response.text}")
print(response.json()["choices"][0]["message"]["content"])
