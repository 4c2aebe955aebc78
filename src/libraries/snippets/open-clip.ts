import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const openClip: LibrarySnippetGenerator = (model) => {
  const name = pyString(`hf-hub:${model.id}`);
  return [
    sh("pip install -U open_clip_torch"),
    python(`import open_clip
import torch
from PIL import Image

model, preprocess_train, preprocess_val = open_clip.create_model_and_transforms(${name})
tokenizer = open_clip.get_tokenizer(${name})
model.eval()

image = preprocess_val(Image.open("cat.jpg")).unsqueeze(0)
labels = ["a diagram", "a dog", "a cat"]
text = tokenizer(labels)

with torch.no_grad():
    image_features = model.encode_image(image)
    text_features = model.encode_text(text)
    image_features /= image_features.norm(dim=-1, keepdim=True)
    text_features /= text_features.norm(dim=-1, keepdim=True)
    probs = (100.0 * image_features @ text_features.T).softmax(dim=-1)

print(dict(zip(labels, probs[0].tolist())))`),
  ];
};
