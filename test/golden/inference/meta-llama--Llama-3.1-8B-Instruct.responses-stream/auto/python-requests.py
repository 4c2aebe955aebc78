import json
import os

import requests

API_URL = "https://router.huggingface.co/v1/responses"
headers = {
    "Authorization": f"Bearer {os.environ['HF_TOKEN']}",
    "Content-Type": "application/json",
}
payload = {
    "model": "meta-llama/Llama-3.1-8B-Instruct",
    "instructions": "Answer in one word.",
    "input": "What is the capital of France?",
    "max_output_tokens": 256,
    "stream": True,
}

with requests.post(API_URL, headers=headers, json=payload, stream=True) as response:
    if not response.ok:
        raise SystemExit(f"Request failed: {response.status_code} {response.text}")
    # Server-sent events, each with an `event:` and a `data:` line; the data's "type" names the event.
    for line in response.iter_lines():
        if not line.startswith(b"data:"):
            continue
        event = json.loads(line[len(b"data:"):])
        if event["type"] == "response.output_text.delta":
            print(event["delta"], end="", flush=True)
        elif event["type"] == "response.completed":
            break
        elif event["type"] in ("response.failed", "error"):
            raise RuntimeError(f"The response failed: {event}")
print()
