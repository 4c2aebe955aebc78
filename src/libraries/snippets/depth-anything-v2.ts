import type { ModelData } from "../../model/schema.js";
import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

interface Encoder {
  name: string;
  features: number;
  outChannels: number[];
}

const LARGE: Encoder = { name: "vitl", features: 256, outChannels: [256, 512, 1024, 1024] };

/* The architecture of each released size (named in the repository id), which the checkpoint alone does not record. */
const ENCODERS: [string, Encoder][] = [
  ["small", { name: "vits", features: 64, outChannels: [48, 96, 192, 384] }],
  ["base", { name: "vitb", features: 128, outChannels: [96, 192, 384, 768] }],
  ["large", LARGE],
  ["giant", { name: "vitg", features: 384, outChannels: [1536, 1536, 1536, 1536] }],
];

function encoderOf(model: ModelData): Encoder {
  const id = model.id.toLowerCase();
  return ENCODERS.find(([size]) => id.includes(size))?.[1] ?? LARGE;
}

export const depthAnythingV2: LibrarySnippetGenerator = (model) => {
  const encoder = encoderOf(model);
  return [
    sh(`git clone https://github.com/DepthAnything/Depth-Anything-V2
cd Depth-Anything-V2
pip install -r requirements.txt`),
    python(`import cv2
import torch
from depth_anything_v2.dpt import DepthAnythingV2
from huggingface_hub import hf_hub_download

model = DepthAnythingV2(encoder="${encoder.name}", features=${encoder.features}, out_channels=[${encoder.outChannels.join(", ")}])
checkpoint = hf_hub_download(${pyString(model.id)}, filename="depth_anything_v2_${encoder.name}.pth")
model.load_state_dict(torch.load(checkpoint, map_location="cpu"))
model.eval()

image = cv2.imread("image.jpg")
depth = model.infer_image(image)  # HxW relative depth, as a NumPy array
print(depth.shape)`),
  ];
};
