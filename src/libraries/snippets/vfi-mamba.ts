import { shellQuote } from "../../format/shell.js";
import { sh, type LibrarySnippetGenerator } from "../generator.js";

/** VFIMamba's demos load the ckpt/ folder of the repository from the working directory. */
export const vfiMamba: LibrarySnippetGenerator = (model) => [
  sh(`git clone https://github.com/MCG-NJU/VFIMamba
cd VFIMamba
# Install the packages the README lists (torch, mamba_ssm, causal_conv1d, ...), then:
pip install -U huggingface_hub
hf download ${shellQuote(model.id)} --local-dir .

# 2x frame interpolation of the example frames (VFIMamba_S is the faster model)
python demo_2x.py --model VFIMamba`),
];
