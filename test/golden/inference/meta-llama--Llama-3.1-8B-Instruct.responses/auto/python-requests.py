import os

import requests

API_URL = "https://router.huggingface.co/v1/responses"
headers = {
    "Authorization": f"Bearer {os.environ['HF_TOKEN']}",
    "Content-Type": "application/json",
}
payload = {
    "model": "meta-llama/Llama-3.1-8B-Instruct",
    "input": "What is the capital of France?",
    "reasoning": {
        "effort": "high",
    },
}

response = requests.post(API_URL, headers=headers, json=payload)
if not response.ok:
    raise SystemExit(f"Request failed: {response.status_code} {response.text}")
# The answer's text is in the output items of type "message", as parts of type "output_text".
print("".join(
    part["text"]
    for item in response.json()["output"] if item["type"] == "message"
    for part in item["content"] if part["type"] == "output_text"
))
