import { pyString } from "../../format/python.js";
import { python, repoName, sh, type LibrarySnippetGenerator } from "../generator.js";

/* Perception Encoder checkpoints load by config name, which is the repository name (PE-Core-L14-336, ...). */
export const perceptionEncoder: LibrarySnippetGenerator = (model) => {
  const config = pyString(repoName(model));
  const install = sh(`git clone https://github.com/facebookresearch/perception_models.git
cd perception_models
pip install -e .`);
  if (/^PE-Core/i.test(repoName(model))) {
    return [
      install,
      python(`import torch
from PIL import Image
import core.vision_encoder.pe as pe
import core.vision_encoder.transforms as transforms

model = pe.CLIP.from_config(${config}, pretrained=True)
preprocess = transforms.get_image_transform(model.pretrain_image_size)
tokenizer = transforms.get_text_tokenizer(model.context_length)

image = preprocess(Image.open("cat.jpg")).unsqueeze(0)
text = tokenizer(["a diagram", "a dog", "a cat"])
with torch.no_grad():
    image_features, text_features, logit_scale = model(image, text)
    text_probs = (logit_scale * image_features @ text_features.T).softmax(dim=-1)
print(text_probs)`),
    ];
  }
  // PE lang and PE spatial are vision towers only: they give features, not labels.
  return [
    install,
    python(`from PIL import Image
import core.vision_encoder.pe as pe
import core.vision_encoder.transforms as transforms

model = pe.VisionTransformer.from_config(${config}, pretrained=True)
preprocess = transforms.get_image_transform(model.pretrain_image_size)

image = preprocess(Image.open("cat.jpg")).unsqueeze(0)
features = model.forward_features(image)
print(features.shape)`),
  ];
};
