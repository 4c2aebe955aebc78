import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

export const model2vec: LibrarySnippetGenerator = (model) => [
  sh("pip install -U model2vec"),
  python(`from model2vec import StaticModel

model = StaticModel.from_pretrained(${pyString(model.id)})
embeddings = model.encode([${pyString(widgetText(model) ?? "It's dangerous to go alone!")}, "It's a secret to everybody."])
print(embeddings.shape)`),
];
