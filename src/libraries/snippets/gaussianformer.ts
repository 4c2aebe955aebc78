import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const gaussianformer: LibrarySnippetGenerator = (model) => [
  // Flash Attention is also needed; the README lists the wheel that matches your CUDA and PyTorch.
  sh("pip install 'gaussianformer @ git+https://github.com/SVLwoof/gaussianformer'"),
  python(`import torch
from gaussianformer import GaussianFormerRenderingPipeline, load_ply
from gaussianformer.utils.cameras import orbit

pipeline = GaussianFormerRenderingPipeline.from_pretrained(${pyString(model.id)}).to("cuda")

gaussians = load_ply("object.ply", up="z")  # a 3D Gaussian Splatting scene; "up" is the file's up axis
cameras = torch.from_numpy(orbit(8, 1.7))  # 8 camera-to-world matrices on an orbit at distance 1.7
images = pipeline(gaussians, cameras, fov=45.0)
print(images.shape)  # (8, 512, 512, 3)`),
];
