import os

from huggingface_hub import InferenceClient

client = InferenceClient(
    provider="fal-ai",
    api_key=os.environ["HF_TOKEN"],
)

image = client.text_to_image(
    "Astronaut riding a horse",
    model="acme/hostile-strings",
)
# `image` is a PIL.Image
image.save("output.png")
