# sample1.flac is an example name: save an audio file of yours there, or write its path instead.
import os
from pathlib import Path

import requests

API_URL = "https://router.huggingface.co/hf-inference/models/openai/whisper-large-v3"
headers = {
    "Authorization": f"Bearer {os.environ['HF_TOKEN']}",
    "Content-Type": "audio/flac",
}
data = Path("sample1.flac").read_bytes()

response = requests.post(API_URL, headers=headers, data=data)
if not response.ok:
    raise SystemExit(f"Request failed: {response.status_code} {response.text}")
result = response.json()
transcript = result.get("text") if isinstance(result, dict) else None
if not isinstance(transcript, str):
    raise SystemExit(f"No transcript in the reply: {result}")
print(transcript)
