import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

export const gliner2: LibrarySnippetGenerator = (model) => [
  sh("pip install -U gliner2"),
  python(`from gliner2 import GLiNER2

extractor = GLiNER2.from_pretrained(${pyString(model.id)})

text = ${pyString(widgetText(model) ?? "Apple CEO Tim Cook announced the iPhone 15 in Cupertino.")}
print(extractor.extract_entities(text, ["company", "person", "product", "location"]))`),
];
