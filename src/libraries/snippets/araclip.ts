import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const araclip: LibrarySnippetGenerator = (model) => [
  sh("pip install git+https://github.com/Arabic-Clip/Araclip.git"),
  python(`import numpy as np
from PIL import Image
from araclip import AraClip

model = AraClip.from_pretrained(${pyString(model.id)})

labels = ["قطة", "كلب", "حصان"]  # cat, dog, horse
image_features = model.embed(image=Image.open("image.jpg"))
text_features = np.stack([model.embed(text=label) for label in labels])

scores = text_features @ image_features
print(labels[int(np.argmax(scores))])`),
];
