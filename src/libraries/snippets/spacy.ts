import { pyString } from "../../format/python.js";
import { shellQuote } from "../../format/shell.js";
import { python, repoName, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/** spaCy pipelines on the hub are Python wheels named after the repository. */
export const spacy: LibrarySnippetGenerator = (model) => {
  const name = repoName(model);
  const wheel = `https://huggingface.co/${model.id}/resolve/main/${name}-any-py3-none-any.whl`;
  const sentence = widgetText(model) ?? "Apple is looking at buying a U.K. startup for $1 billion.";
  return [
    sh(`pip install ${shellQuote(wheel)}`),
    python(`import spacy

nlp = spacy.load(${pyString(name)})
doc = nlp(${pyString(sentence)})
print([(entity.text, entity.label_) for entity in doc.ents])`),
  ];
};
