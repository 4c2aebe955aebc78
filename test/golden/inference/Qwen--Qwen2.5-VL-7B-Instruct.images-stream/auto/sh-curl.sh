set -euo pipefail

image=$(base64 < photos/dog.jpg | tr -d '\n')

printf '%s' '{
    "model": "Qwen/Qwen2.5-VL-7B-Instruct",
    "messages": [
        {
            "role": "user",
            "content": [
                {
                    "type": "text",
                    "text": "Describe this image in one sentence."
                },
                {
                    "type": "image_url",
                    "image_url": {
                        "url": "data:image/jpeg;base64,'"$image"'"
                    }
                }
            ]
        }
    ],
    "stream": true
}' | curl -sS --fail-with-body https://router.huggingface.co/v1/chat/completions \
    -X POST \
    --no-buffer \
    -H "Authorization: Bearer $HF_TOKEN" \
    -H 'Content-Type: application/json' \
    --data-binary @-
