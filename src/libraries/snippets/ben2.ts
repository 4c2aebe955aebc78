import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const ben2: LibrarySnippetGenerator = (model) => [
  sh("pip install -e 'git+https://github.com/PramaLLC/BEN2.git#egg=ben2'"),
  python(`import torch
from PIL import Image
from ben2 import BEN_Base

device = "cuda" if torch.cuda.is_available() else "cpu"
model = BEN_Base.from_pretrained(${pyString(model.id)}).to(device).eval()

image = Image.open("image.jpg")
foreground = model.inference(image)  # RGBA image with the background removed
foreground.save("foreground.png")`),
];
