# sample1.flac is an example name: save an audio file of yours there, or write its path instead.
set -euo pipefail

[ -r sample1.flac ] || { echo 'Cannot read sample1.flac' >&2; exit 1; }
curl -sS --fail-with-body https://router.huggingface.co/hf-inference/models/openai/whisper-large-v3 \
    -X POST \
    -H "Authorization: Bearer $HF_TOKEN" \
    -H 'Content-Type: audio/flac' \
    --data-binary @sample1.flac
