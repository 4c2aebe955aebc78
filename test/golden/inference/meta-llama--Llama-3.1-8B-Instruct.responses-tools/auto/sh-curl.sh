# This sends the first request only. When the reply asks for function calls, running them and
# sending their outputs back takes a program: --language python, js, go, java, ruby or php.
curl -sS --fail-with-body https://router.huggingface.co/v1/responses \
    -X POST \
    -H "Authorization: Bearer $HF_TOKEN" \
    -H 'Content-Type: application/json' \
    -d '{
        "model": "meta-llama/Llama-3.1-8B-Instruct",
        "input": [
            {
                "role": "user",
                "content": "What is the weather like in Paris and in Tokyo?"
            }
        ],
        "tools": [
            {
                "type": "function",
                "name": "get_weather",
                "description": "Get the current weather in a city.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "location": {
                            "type": "string",
                            "description": "The city, e.g. Paris"
                        },
                        "unit": {
                            "type": "string",
                            "enum": [
                                "celsius",
                                "fahrenheit"
                            ]
                        }
                    },
                    "required": [
                        "location"
                    ]
                }
            }
        ]
    }'
