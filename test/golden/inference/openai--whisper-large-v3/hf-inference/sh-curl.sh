# sample1.flac is an example name: save an audio file of yours there, or write its path instead.
curl -sS --fail-with-body https://router.huggingface.co/hf-inference/models/openai/whisper-large-v3 \
    -X POST \
    -H "Authorization: Bearer $HF_TOKEN" \
    -H 'Content-Type: audio/flac' \
    --data-binary @sample1.flac
