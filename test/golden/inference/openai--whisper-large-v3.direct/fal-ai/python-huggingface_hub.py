# sample1.mp3 is an example name: save an audio file of yours there, or write its path instead.
import os

from huggingface_hub import InferenceClient

client = InferenceClient(
    provider="fal-ai",
    api_key=os.environ["FAL_AI_API_KEY"],
)

result = client.automatic_speech_recognition(
    "sample1.mp3",
    model="openai/whisper-large-v3",
)
transcript = result.text
if not isinstance(transcript, str):
    raise SystemExit(f"No transcript in the reply: {result}")
print(transcript)
