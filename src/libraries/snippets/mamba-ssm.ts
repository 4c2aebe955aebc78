import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

export const mambaSsm: LibrarySnippetGenerator = (model) => [
  // The selective-scan kernels are CUDA-only, hence the GPU device below.
  sh("pip install -U mamba-ssm causal-conv1d"),
  python(`import torch
from transformers import AutoTokenizer
from mamba_ssm.models.mixer_seq_simple import MambaLMHeadModel

# The state-spaces checkpoints were trained with the GPT-NeoX tokenizer.
tokenizer = AutoTokenizer.from_pretrained("EleutherAI/gpt-neox-20b")
model = MambaLMHeadModel.from_pretrained(${pyString(model.id)}, device="cuda", dtype=torch.float16)

input_ids = tokenizer(${pyString(widgetText(model) ?? "Mamba is a")}, return_tensors="pt").input_ids.to("cuda")
output = model.generate(input_ids, max_length=64)
print(tokenizer.decode(output[0]))`),
];
