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

headers=(-H "Authorization: Bearer $HF_TOKEN" -H 'Content-Type: application/json')

# The provider queues the job: submit it, poll it until it is done, then download the output.
# --fail-with-body: a refused job's reply says why.
if ! job=$(curl -sS --fail-with-body 'https://router.huggingface.co/fal-ai/fal-ai/%22double%22%20'\''single'\''%20'\'''\'''\''triple'\'''\'''\''%20%22%22%22triple%22%22%22%20%60tick%60%20%7C%20back%5Cslash%20%5Cn%20%5Cu0041%20%5C%20%7C%20new%0Aline%0D%0Atab%09%20%7C%20%24(id)%20%24%7BHOME%7D%20%24HOME%20%23%7B%60id%60%7D%20%7B%24x%7D%20%25s%20%7B0%7D%20%7C%20%3C%25%3D%20it.x%20%25%3E%20%7B%7B%20inputs%20%7D%7D%20%3F%3E%20%3C%3Fphp%20*/%20/*%20%5Cu000a%20%7C%20%C3%A9%20%E6%97%A5%E6%9C%AC%E8%AA%9E%20%E2%80%A8%20%00%20%7F%20bidi%20%E2%80%AEevil%E2%80%AC%20zero%E2%80%8Bwidth?_subdomain=queue' \
    -X POST \
    "${headers[@]}" \
    -d '{
        "prompt": "Astronaut riding a horse"
    }'); then
    echo "The job was refused: $job" >&2
    exit 1
fi
job_ref=$(url_path_at response_url <<<"$job")
status_url='https://router.huggingface.co/fal-ai'"$job_ref"'/status?_subdomain=queue'

status=$job
for (( polls = 0; ; polls++ )); do
    case "$(field status <<<"$status")" in
        COMPLETED) break ;;
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

# A job that failed is also done: the result request reports why (-f would hide it).
result=$(curl -sS 'https://router.huggingface.co/fal-ai'"$job_ref"'?_subdomain=queue' "${headers[@]}" -w '\n%{http_code}')
code=${result##*$'\n'}
result=${result%$'\n'*}
if (( code >= 400 )); then
    echo "The job failed: $code $result" >&2
    exit 1
fi

# The file is on the provider's file host: no Authorization header.
output_url=$(field images 0 url <<<"$result")
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
