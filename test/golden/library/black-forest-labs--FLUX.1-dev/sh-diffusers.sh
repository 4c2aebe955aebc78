pip install -U diffusers transformers accelerate
