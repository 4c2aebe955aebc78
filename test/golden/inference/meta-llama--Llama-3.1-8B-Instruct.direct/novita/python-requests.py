import os

import requests

API_URL = "https://api.novita.ai/v3/openai/chat/completions"
headers = {
    "Authorization": f"Bearer {os.environ['NOVITA_API_KEY']}",
    "Content-Type": "application/json",
}
payload = {
    "model": "meta-llama/llama-3.1-8b-instruct",
    "messages": [
        {
            "role": "user",
            "content": "What is the capital of France?",
        },
    ],
}

response = requests.post(API_URL, headers=headers, json=payload)
if not response.ok:
    raise SystemExit(f"Request failed: {response.status_code} {response.text}")
print(response.json()["choices"][0]["message"]["content"])
