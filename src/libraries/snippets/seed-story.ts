import { shellQuote } from "../../format/shell.js";
import { sh, type LibrarySnippetGenerator } from "../generator.js";

/** SEED-Story runs from its repository, with its checkpoints and two base models under ./pretrained. */
export const seedStory: LibrarySnippetGenerator = (model) => [
  sh(`git clone https://github.com/TencentARC/SEED-Story
cd SEED-Story
pip install -r requirements.txt

pip install -U huggingface_hub
hf download ${shellQuote(model.id)} --local-dir pretrained
hf download stabilityai/stable-diffusion-xl-base-1.0 --local-dir pretrained/stable-diffusion-xl-base-1.0
hf download Qwen/Qwen-VL-Chat --local-dir pretrained/Qwen-VL-Chat
python3 src/tools/reload_qwen_vit.py

# Multimodal story generation
python3 src/inference/gen_george.py`),
];
