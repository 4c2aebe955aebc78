import os

from huggingface_hub import InferenceClient

client = InferenceClient(
    provider="replicate",
    api_key=os.environ["HF_TOKEN"],
)

image = client.text_to_image(
    "Astronaut in a jungle, cold color palette, muted colors, detailed, 8k",
    model="black-forest-labs/FLUX.1-dev",
)
# `image` is a PIL.Image
image.save("output.png")
