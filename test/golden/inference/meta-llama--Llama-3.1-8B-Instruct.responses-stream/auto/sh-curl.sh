curl -sS --fail-with-body https://router.huggingface.co/v1/responses \
    -X POST \
    --no-buffer \
    -H "Authorization: Bearer $HF_TOKEN" \
    -H 'Content-Type: application/json' \
    -d '{
        "model": "meta-llama/Llama-3.1-8B-Instruct",
        "instructions": "Answer in one word.",
        "input": "What is the capital of France?",
        "max_output_tokens": 256,
        "stream": true
    }'
