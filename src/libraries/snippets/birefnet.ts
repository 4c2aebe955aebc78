import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

/* BiRefNet checkpoints on the Hub carry their model code, loaded through transformers. */
export const birefnet: LibrarySnippetGenerator = (model) => [
  sh("pip install -U transformers torch torchvision timm kornia einops"),
  python(`import torch
from PIL import Image
from torchvision import transforms
from transformers import AutoModelForImageSegmentation

model = AutoModelForImageSegmentation.from_pretrained(${pyString(model.id)}, trust_remote_code=True)
model.eval()

preprocess = transforms.Compose([
    transforms.Resize((1024, 1024)),
    transforms.ToTensor(),
    transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]),
])

image = Image.open("image.jpg").convert("RGB")
with torch.no_grad():
    prediction = model(preprocess(image).unsqueeze(0))[-1].sigmoid()[0, 0]

mask = transforms.ToPILImage()(prediction).resize(image.size)
image.putalpha(mask)
image.save("foreground.png")`),
];
