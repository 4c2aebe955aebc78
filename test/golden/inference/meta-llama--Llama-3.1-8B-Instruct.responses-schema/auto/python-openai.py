import json
import os

from openai import OpenAI

client = OpenAI(
    base_url="https://router.huggingface.co/v1",
    api_key=os.environ["HF_TOKEN"],
)

response = client.responses.create(
    model="meta-llama/Llama-3.1-8B-Instruct",
    input="Name the largest city of Japan, its country and its population.",
    text={
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
)

# The reply's text is JSON that follows the schema.
reply = json.loads(response.output_text)
print(json.dumps(reply, indent=4, ensure_ascii=False))
