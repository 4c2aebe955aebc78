curl -sS --fail-with-body https://api.novita.ai/v3/openai/chat/completions \
    -X POST \
    -H "Authorization: Bearer $NOVITA_API_KEY" \
    -H 'Content-Type: application/json' \
    -d '{
        "model": "meta-llama/llama-3.1-8b-instruct",
        "messages": [
            {
                "role": "user",
                "content": "What is the capital of France?"
            }
        ]
    }'
