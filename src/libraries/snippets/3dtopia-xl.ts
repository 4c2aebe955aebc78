import { shellQuote } from "../../format/shell.js";
import { sh, type LibrarySnippetGenerator } from "../generator.js";

/** 3DTopia-XL runs from its repository, with the DiT and VAE weights under ./pretrained. */
export const lib3dtopiaXl: LibrarySnippetGenerator = (model) => [
  sh(`git clone https://github.com/3DTopia/3DTopia-XL
cd 3DTopia-XL
# Create the environment the README describes (PyTorch, xformers), then:
pip install -r requirements.txt
bash install.sh

pip install -U huggingface_hub
hf download ${shellQuote(model.id)} model_sview_dit_fp16.pt model_vae_fp16.pt --local-dir pretrained

# Image-to-3D: set input_dir in the config to a folder of images
python inference.py ./configs/inference_dit.yml`),
];
