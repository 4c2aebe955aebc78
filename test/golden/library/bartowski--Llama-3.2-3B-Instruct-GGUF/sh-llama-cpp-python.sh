pip install -U llama-cpp-python huggingface-hub
