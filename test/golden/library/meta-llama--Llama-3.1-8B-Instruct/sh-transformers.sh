pip install -U transformers torch
