if ! reply=$(curl -sS --fail-with-body https://router.huggingface.co/v1/responses \
    -X POST \
    -H "Authorization: Bearer $HF_TOKEN" \
    -H 'Content-Type: application/json' \
    -d '{
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
                            "type": "string"
                        },
                        "country": {
                            "type": "string"
                        },
                        "population": {
                            "type": "integer"
                        }
                    },
                    "required": [
                        "city",
                        "country",
                        "population"
                    ],
                    "additionalProperties": false
                },
                "strict": true
            }
        }
    }'); then
    echo "The request failed: $reply" >&2
    exit 1
fi
# The reply's text is JSON that follows the schema: printed indented, its members in the order they came.
python3 -c 'import json, sys
reply = json.load(sys.stdin)
text = "".join(
    part["text"]
    for item in reply["output"] if item["type"] == "message"
    for part in item["content"] if part["type"] == "output_text"
)
print(json.dumps(json.loads(text), indent=4, ensure_ascii=False))' <<<"$reply"
