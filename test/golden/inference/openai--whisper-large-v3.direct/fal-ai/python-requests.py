# sample1.mp3 is an example name: save an audio file of yours there, or write its path instead.
import base64
import os
from pathlib import Path

import requests

API_URL = "https://fal.run/fal-ai/whisper"
headers = {
    "Authorization": f"Key {os.environ['FAL_AI_API_KEY']}",
    "Content-Type": "application/json",
}
audio = base64.b64encode(Path("sample1.mp3").read_bytes()).decode("ascii")
payload = {
    "audio_url": "data:audio/mpeg;base64," + audio,
}

response = requests.post(API_URL, headers=headers, json=payload)
if not response.ok:
    raise SystemExit(f"Request failed: {response.status_code} {response.text}")
result = response.json()
transcript = result.get("text") if isinstance(result, dict) else None
if not isinstance(transcript, str):
    raise SystemExit(f"No transcript in the reply: {result}")
print(transcript)
