if ! reply=$(curl -sS --fail-with-body https://router.huggingface.co/v1/chat/completions \
    -X POST \
    -H "Authorization: Bearer $HF_TOKEN" \
    -H 'Content-Type: application/json' \
    -d '{
        "model": "meta-llama/Llama-3.1-8B-Instruct",
        "messages": [
            {
                "role": "user",
                "content": "Name the largest city of Japan, its country and its population."
            }
        ],
        "response_format": {
            "type": "json_schema",
            "json_schema": {
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
# The reply is JSON that follows the schema: printed indented, its members in the order they came.
python3 -c 'import json, sys
print(json.dumps(json.loads(json.load(sys.stdin)["choices"][0]["message"]["content"]), indent=4, ensure_ascii=False))' <<<"$reply"
