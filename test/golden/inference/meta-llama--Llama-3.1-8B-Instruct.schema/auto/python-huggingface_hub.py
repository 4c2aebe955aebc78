import json
import os

from huggingface_hub import InferenceClient

client = InferenceClient(
    provider="auto",
    api_key=os.environ["HF_TOKEN"],
)

completion = client.chat.completions.create(
    model="meta-llama/Llama-3.1-8B-Instruct",
    messages=[
        {
            "role": "user",
            "content": "Name the largest city of Japan, its country and its population.",
        },
    ],
    response_format={
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
)

# The reply is JSON that follows the schema.
reply = json.loads(completion.choices[0].message.content)
print(json.dumps(reply, indent=4, ensure_ascii=False))
