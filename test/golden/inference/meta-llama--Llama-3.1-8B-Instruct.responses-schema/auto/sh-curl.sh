curl -sS --fail-with-body https://router.huggingface.co/v1/responses \
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
    }'
