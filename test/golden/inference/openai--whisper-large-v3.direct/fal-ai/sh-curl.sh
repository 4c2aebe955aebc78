# sample1.mp3 is an example name: save an audio file of yours there, or write its path instead.
set -euo pipefail

audio=$(base64 < sample1.mp3 | tr -d '\n')
printf '%s' '{
    "audio_url": "data:audio/mpeg;base64,'"$audio"'"
}' | curl -sS --fail-with-body https://fal.run/fal-ai/whisper \
    -X POST \
    -H "Authorization: Key $FAL_AI_API_KEY" \
    -H 'Content-Type: application/json' \
    --data-binary @-
