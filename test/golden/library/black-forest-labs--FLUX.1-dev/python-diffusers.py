import torch
from diffusers import DiffusionPipeline

pipe = DiffusionPipeline.from_pretrained("black-forest-labs/FLUX.1-dev", torch_dtype=torch.bfloat16, device_map="cuda")

image = pipe("Astronaut in a jungle, cold color palette, muted colors, detailed, 8k", num_inference_steps=28, guidance_scale=3.5).images[0]
image.save("image.png")
