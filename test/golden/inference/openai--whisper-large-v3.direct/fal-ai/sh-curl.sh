# sample1.mp3 is an example name: save an audio file of yours there, or write its path instead.
set -euo pipefail

# The value at a path in the JSON on stdin (a list's first item when it is a list).
field() {
    python3 -c 'import json, sys
value = json.load(sys.stdin)
for key in sys.argv[1:]:
    value = value[int(key)] if isinstance(value, list) else (value or {}).get(key)
print(value[0] if isinstance(value, list) else "" if value is None else value)' "$@"
}

audio=$(base64 < sample1.mp3 | tr -d '\n')
# --fail-with-body: a refused request's reply says why.
if ! reply=$(printf '%s' '{
    "audio_url": "data:audio/mpeg;base64,'"$audio"'"
}' | curl -sS --fail-with-body https://fal.run/fal-ai/whisper \
    -X POST \
    -H "Authorization: Key $FAL_AI_API_KEY" \
    -H 'Content-Type: application/json' \
    --data-binary @-); then
    echo "The request failed: $reply" >&2
    exit 1
fi

transcript=$(field text <<<"$reply")
if [ -z "$transcript" ]; then
    echo "No transcript in the reply: $reply" >&2
    exit 1
fi
printf '%s\n' "$transcript"
