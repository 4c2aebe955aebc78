import { shellQuote } from "../../format/shell.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

/** Turns a masked object of an image into a 3D Gaussian splat, with the repository's inference code. */
export const sam3dObjects: LibrarySnippetGenerator = (model) => [
  sh(`git clone https://github.com/facebookresearch/sam-3d-objects
cd sam-3d-objects
# Set up the environment as doc/setup.md describes, then fetch the checkpoints:
pip install -U huggingface_hub
hf download ${shellQuote(model.id)} --local-dir checkpoints/hf`),
  python(`import sys

sys.path.append("notebook")
from inference import Inference, load_image, load_single_mask

inference = Inference("checkpoints/hf/checkpoints/pipeline.yaml", compile=False)

image = load_image("image.png")
# Masks are PNG files named 0.png, 1.png, ... in a folder
mask = load_single_mask("masks/", index=0)

output = inference(image, mask, seed=42)
output["gs"].save_ply("splat.ply")`),
];
