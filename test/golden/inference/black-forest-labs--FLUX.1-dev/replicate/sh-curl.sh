#!/usr/bin/env bash
set -euo pipefail

# The value at a path in the JSON on stdin (a list's first item when it is a list).
field() {
    python3 -c 'import json, sys
value = json.load(sys.stdin)
for key in sys.argv[1:]:
    value = value[int(key)] if isinstance(value, list) else (value or {}).get(key)
print(value[0] if isinstance(value, list) else "" if value is None else value)' "$@"
}

# The path of the URL at a path in the JSON on stdin.
url_path_at() {
    python3 -c 'import json, sys, urllib.parse
value = json.load(sys.stdin)
for key in sys.argv[1:]:
    value = value[key]
print(urllib.parse.urlsplit(value).path)' "$@"
}

headers=(-H "Authorization: Bearer $HF_TOKEN" -H 'Prefer: wait' -H 'Content-Type: application/json')

# The provider queues the job: submit it, poll it until it is done, then download the output.
# --fail-with-body: a refused job's reply says why.
if ! job=$(curl -sS --fail-with-body https://router.huggingface.co/replicate/v1/models/black-forest-labs/flux-dev/predictions \
    -X POST \
    "${headers[@]}" \
    -d '{
        "input": {
            "prompt": "Astronaut in a jungle, cold color palette, muted colors, detailed, 8k"
        }
    }'); then
    echo "The job was refused: $job" >&2
    exit 1
fi
job_ref=$(url_path_at urls get <<<"$job")
status_url='https://router.huggingface.co/replicate'"$job_ref"

status=$job
for (( polls = 0; ; polls++ )); do
    case "$(field status <<<"$status")" in
        succeeded) break ;;
        failed|canceled) echo "The job failed: $(field error <<<"$status")" >&2; exit 1 ;;
    esac
    if (( polls == 150 )); then
        echo "The job did not finish within 300 seconds" >&2
        exit 1
    fi
    sleep 2
    # --retry asks again after a server error.
    if ! status=$(curl -sS --fail-with-body --retry 3 "$status_url" "${headers[@]}"); then
        echo "Polling the job failed: $status" >&2
        exit 1
    fi
done

result=$status

# The file is on the provider's file host: no Authorization header.
output_url=$(field output <<<"$result")
download=$(mktemp output.XXXXXX)
trap 'rm -f "$download"' EXIT  # no partial file is left behind
content_type=$(curl -fsS "$output_url" -o "$download" -w '%{content_type}')
content_type=${content_type%%;*}
# Files are named by their content type; these types' extensions are not their subtypes.
case $content_type in
    'image/jpeg') extension='jpg' ;;
    'audio/mpeg') extension='mp3' ;;
    'audio/x-wav') extension='wav' ;;
    */?*) extension=${content_type##*/} ;;
    *) extension='bin' ;;
esac
mv "$download" "output.$extension"
# mktemp made it private (0600): give it the permissions a new file gets here.
chmod "$(printf '%o' $(( 0666 & ~0$(umask) )))" "output.$extension"
echo "Saved output.$extension"
