import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

export const edsnlp: LibrarySnippetGenerator = (model) => [
  sh("pip install -U 'edsnlp[ml]'"),
  python(`import edsnlp

# auto_update installs the packages the pipeline was trained with.
nlp = edsnlp.load(${pyString(model.id)}, auto_update=True)

doc = nlp(${pyString(widgetText(model) ?? "Le patient est admis le 12 mars pour une pneumopathie.")})
for entity in doc.ents:
    print(entity.text, entity.label_)`),
];
