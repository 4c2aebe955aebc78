curl -sS --fail-with-body https://router.huggingface.co/v1/responses \
    -X POST \
    -H "Authorization: Bearer $HF_TOKEN" \
    -H 'Content-Type: application/json' \
    -d '{
        "model": "meta-llama/Llama-3.1-8B-Instruct",
        "input": "What is the capital of France?",
        "reasoning": {
            "effort": "high"
        }
    }'
