# sample1.mp3 is an example name: save an audio file of yours there, or write its path instead.
import os

import fal_client

client = fal_client.SyncClient(key=os.environ["FAL_AI_API_KEY"])
audio_url = client.upload_file("sample1.mp3")

result = client.subscribe(
    "fal-ai/whisper",
    arguments={
        "audio_url": audio_url,
    },
)
transcript = result.get("text") if isinstance(result, dict) else None
if not isinstance(transcript, str):
    raise SystemExit(f"No transcript in the reply: {result}")
print(transcript)
