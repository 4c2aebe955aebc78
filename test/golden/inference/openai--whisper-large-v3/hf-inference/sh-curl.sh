# sample1.flac is an example name: save an audio file of yours there, or write its path instead.
set -euo pipefail

# The value at a path in the JSON on stdin (a list's first item when it is a list).
field() {
    python3 -c 'import json, sys
value = json.load(sys.stdin)
for key in sys.argv[1:]:
    value = value[int(key)] if isinstance(value, list) else (value or {}).get(key)
print(value[0] if isinstance(value, list) else "" if value is None else value)' "$@"
}

[ -r sample1.flac ] || { echo 'Cannot read sample1.flac' >&2; exit 1; }
# --fail-with-body: a refused request's reply says why.
if ! reply=$(curl -sS --fail-with-body https://router.huggingface.co/hf-inference/models/openai/whisper-large-v3 \
    -X POST \
    -H "Authorization: Bearer $HF_TOKEN" \
    -H 'Content-Type: audio/flac' \
    --data-binary @sample1.flac); then
    echo "The request failed: $reply" >&2
    exit 1
fi

transcript=$(field text <<<"$reply")
if [ -z "$transcript" ]; then
    echo "No transcript in the reply: $reply" >&2
    exit 1
fi
printf '%s\n' "$transcript"
