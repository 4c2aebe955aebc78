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
    "input": "Name the largest city of Japan, its country and its population.",
    "text": {
        "format": {
            "type": "json_schema",
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
# The answer's text is in the output items of type "message", as parts of type "output_text".
text = "".join(
    part["text"]
    for item in response.json()["output"] if item["type"] == "message"
    for part in item["content"] if part["type"] == "output_text"
)
# The text is JSON that follows the schema.
reply = json.loads(text)
print(json.dumps(reply, indent=4, ensure_ascii=False))
