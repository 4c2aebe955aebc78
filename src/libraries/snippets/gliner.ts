import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

export const gliner: LibrarySnippetGenerator = (model) => [
  sh("pip install -U gliner"),
  python(`from gliner import GLiNER

model = GLiNER.from_pretrained(${pyString(model.id)})

text = ${pyString(widgetText(model) ?? "Cristiano Ronaldo dos Santos Aveiro is a Portuguese footballer who plays for Al Nassr.")}
labels = ["person", "organization", "location", "date"]
for entity in model.predict_entities(text, labels, threshold=0.5):
    print(entity["text"], "=>", entity["label"])`),
];
