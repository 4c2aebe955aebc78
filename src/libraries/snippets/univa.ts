import { shellQuote } from "../../format/shell.js";
import { sh, type LibrarySnippetGenerator } from "../generator.js";

/** UniWorld runs from its repository, with FLUX as the image generator and SigLIP as the image encoder. */
export const univa: LibrarySnippetGenerator = (model) => [
  sh(`git clone https://github.com/PKU-YuanGroup/UniWorld-V1
cd UniWorld-V1
pip install -r requirements.txt

pip install -U huggingface_hub
hf download ${shellQuote(model.id)} --local-dir checkpoints/univa
hf download black-forest-labs/FLUX.1-dev --local-dir checkpoints/flux
hf download google/siglip2-so400m-patch16-512 --local-dir checkpoints/siglip

python -m univa.serve.cli \\
    --model_path checkpoints/univa \\
    --flux_path checkpoints/flux \\
    --siglip_path checkpoints/siglip`),
];
