import os
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import requests

API_URL = "https://router.huggingface.co/fal-ai/fal-ai/flux/dev?_subdomain=queue"
headers = {
    "Authorization": f"Bearer {os.environ['HF_TOKEN']}",
    "Content-Type": "application/json",
}

# Files are named by their content type; these types' extensions are not their subtypes.
EXTENSIONS = {
    "image/jpeg": "jpg",
    "audio/mpeg": "mp3",
    "audio/x-wav": "wav",
}


def save(reply):
    content_type = reply.headers.get("Content-Type", "").split(";")[0].strip()
    extension = EXTENSIONS.get(content_type) or content_type.partition("/")[2] or "bin"
    path = Path(f"output.{extension}")
    path.write_bytes(reply.content)
    print("Saved", path)


payload = {
    "prompt": "Astronaut in a jungle, cold color palette, muted colors, detailed, 8k",
}

# The provider queues the job: submit it, poll it until it is done, then download the output.
response = requests.post(API_URL, headers=headers, json=payload)
if not response.ok:
    raise SystemExit(f"Request failed: {response.status_code} {response.text}")
job = response.json()
status_url = "https://router.huggingface.co/fal-ai" + urlsplit(job["response_url"]).path + "/status?_subdomain=queue"

status = job
polls = 0
while status.get("status") != "COMPLETED":
    if polls == 150:
        sys.exit("The job did not finish within 300 seconds")
    polls += 1
    time.sleep(2)
    response = requests.get(status_url, headers=headers)
    # A server error on one poll is not the job's: ask again at the next poll.
    if response.status_code < 500:
        if not response.ok:
            raise SystemExit(f"Request failed: {response.status_code} {response.text}")
        status = response.json()

response = requests.get("https://router.huggingface.co/fal-ai" + urlsplit(job["response_url"]).path + "?_subdomain=queue", headers=headers)
if not response.ok:
    # A job that failed is also done: the result request reports why.
    sys.exit(f"The job failed: {response.status_code} {response.text}")
result = response.json()
output_url = result["images"][0]["url"]

# The file is on the provider's file host: no Authorization header.
output = requests.get(output_url)
output.raise_for_status()
save(output)
