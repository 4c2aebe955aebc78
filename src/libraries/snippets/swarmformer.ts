import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator, loaded } from "../generator.js";

/** SwarmFormer weights are a safetensors state dict for a model built with the checkpoint's sizes. */
export const swarmformer: LibrarySnippetGenerator = (model) => [
  sh(`git clone https://github.com/takara-ai/SwarmFormer
cd SwarmFormer
pip install -e .`),
  python(`from huggingface_hub import hf_hub_download
from safetensors.torch import load_file
from swarmformer import SwarmFormerModel

# These sizes are those of SwarmFormer-Base; use the ones given on the model card.
model = SwarmFormerModel(vocab_size=30522, d_model=192, seq_len=768, cluster_size=4, num_layers=2, T_local=3)
model.load_state_dict(load_file(hf_hub_download(${pyString(model.id)}, "model.safetensors")), strict=False)
model.eval()
${loaded("model", "call model(input_ids) on token ids from a BERT tokenizer")}`),
];
