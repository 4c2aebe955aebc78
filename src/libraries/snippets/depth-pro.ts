import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const depthPro: LibrarySnippetGenerator = (model) => [
  sh("pip install git+https://github.com/apple/ml-depth-pro.git"),
  python(`import depth_pro
from huggingface_hub import hf_hub_download

# depth_pro loads its weights from ./checkpoints/depth_pro.pt by default.
hf_hub_download(${pyString(model.id)}, filename="depth_pro.pt", local_dir="checkpoints")
model, transform = depth_pro.create_model_and_transforms()
model.eval()

image, _, focal_length_px = depth_pro.load_rgb("image.jpg")
prediction = model.infer(transform(image), f_px=focal_length_px)
depth = prediction["depth"]  # metric depth, in metres
print(depth.shape, prediction["focallength_px"])`),
];
