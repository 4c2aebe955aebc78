import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const fastai: LibrarySnippetGenerator = (model) => [
  sh("pip install -U 'huggingface_hub[fastai]'"),
  python(`from huggingface_hub import from_pretrained_fastai

learner = from_pretrained_fastai(${pyString(model.id)})

# predict takes one item of the kind the learner was trained on: an image path, a text, a table row...
prediction = learner.predict("image.jpg")
print(prediction)`),
];
