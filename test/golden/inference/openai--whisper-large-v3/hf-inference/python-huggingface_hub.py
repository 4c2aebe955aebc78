# sample1.flac is an example name: save an audio file of yours there, or write its path instead.
import os

from huggingface_hub import InferenceClient

client = InferenceClient(
    provider="hf-inference",
    api_key=os.environ["HF_TOKEN"],
)

result = client.automatic_speech_recognition(
    "sample1.flac",
    model="openai/whisper-large-v3",
)
transcript = result.text
if not isinstance(transcript, str):
    raise SystemExit(f"No transcript in the reply: {result}")
print(transcript)
