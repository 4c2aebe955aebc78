import os
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import requests

API_URL = "https://router.huggingface.co/replicate/v1/models/replicate/%22double%22%20'single'%20'''triple'''%20%22%22%22triple%22%22%22%20%60tick%60%20%7C%20back%5Cslash%20%5Cn%20%5Cu0041%20%5C%20%7C%20new%0Aline%0D%0Atab%09%20%7C%20%24(id)%20%24%7BHOME%7D%20%24HOME%20%23%7B%60id%60%7D%20%7B%24x%7D%20%25s%20%7B0%7D%20%7C%20%3C%25%3D%20it.x%20%25%3E%20%7B%7B%20inputs%20%7D%7D%20%3F%3E%20%3C%3Fphp%20*/%20/*%20%5Cu000a%20%7C%20%C3%A9%20%E6%97%A5%E6%9C%AC%E8%AA%9E%20%E2%80%A8%20%00%20%7F%20bidi%20%E2%80%AEevil%E2%80%AC%20zero%E2%80%8Bwidth/predictions"
headers = {
    "Authorization": f"Bearer {os.environ['HF_TOKEN']}",
    "Prefer": "wait",
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
    "input": {
        "prompt": "\"double\" 'single' '''triple''' \"\"\"triple\"\"\" `tick` | back\\slash \\n \\u0041 \\ | new\nline\r\ntab\t | $(id) ${HOME} $HOME #{`id`} {$x} %s {0} | <%= it.x %> {{ inputs }} ?> <?php */ /* \\u000a | é 日本語 \u2028 \x00 \x7f bidi \u202eevil\u202c zero\u200bwidth",
    },
}

# The provider queues the job: submit it, poll it until it is done, then download the output.
response = requests.post(API_URL, headers=headers, json=payload)
if not response.ok:
    raise SystemExit(f"Request failed: {response.status_code} {response.text}")
job = response.json()
status_url = "https://router.huggingface.co/replicate" + urlsplit(job["urls"]["get"]).path

status = job
polls = 0
while status.get("status") != "succeeded":
    if status.get("status") in ("failed", "canceled"):
        sys.exit("The job failed: " + str(status["error"]))
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

result = status
output_url = result["output"]
if isinstance(output_url, list):
    output_url = output_url[0]

# The file is on the provider's file host: no Authorization header.
output = requests.get(output_url)
output.raise_for_status()
save(output)
