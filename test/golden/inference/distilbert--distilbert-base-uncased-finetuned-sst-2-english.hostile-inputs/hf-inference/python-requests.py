import os

import requests

API_URL = "https://router.huggingface.co/hf-inference/models/distilbert/distilbert-base-uncased-finetuned-sst-2-english"
headers = {
    "Authorization": f"Bearer {os.environ['HF_TOKEN']}",
    "Content-Type": "application/json",
}
payload = {
    "inputs": "\"double\" 'single' '''triple''' \"\"\"triple\"\"\" `tick` | back\\slash \\n \\u0041 \\ | new\nline\r\ntab\t | $(id) ${HOME} $HOME #{`id`} {$x} %s {0} | <%= it.x %> {{ inputs }} ?> <?php */ /* \\u000a | é 日本語 \u2028 \x00 \x7f bidi \u202eevil\u202c zero\u200bwidth",
}

response = requests.post(API_URL, headers=headers, json=payload)
if not response.ok:
    raise SystemExit(f"Request failed: {response.status_code} {response.text}")
print(response.json())
