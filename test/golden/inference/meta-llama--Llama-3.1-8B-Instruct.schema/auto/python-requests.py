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
            "content": "Name the largest city of Japan, its country and its population.",
        },
    ],
    "response_format": {
        "type": "json_schema",
        "json_schema": {
            "name": "answer",
            "schema": {
                "type": "object",
                "properties": {
                    "city": {
                        "type": "string",
                    },
                    "country": {
                        "type": "string",
                    },
                    "population": {
                        "type": "integer",
                    },
                },
                "required": [
                    "city",
                    "country",
                    "population",
                ],
                "additionalProperties": False,
            },
            "strict": True,
        },
    },
}

response = requests.post(API_URL, headers=headers, json=payload)
if not response.ok:
    raise SystemExit(f"Request failed: {response.status_code} {response.text}")
# The reply is JSON that follows the schema.
reply = json.loads(response.json()["choices"][0]["message"]["content"])
print(json.dumps(reply, indent=4, ensure_ascii=False))
