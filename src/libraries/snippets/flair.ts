import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

export const flair: LibrarySnippetGenerator = (model) => {
  // Flair's taggers label spans of a sentence; its classifiers label the whole sentence.
  const modelClass = model.pipeline_tag === "text-classification" ? "TextClassifier" : "SequenceTagger";
  return [
    sh("pip install -U flair"),
    python(`from flair.data import Sentence
from flair.models import ${modelClass}

model = ${modelClass}.load(${pyString(model.id)})

sentence = Sentence(${pyString(widgetText(model) ?? "George Washington went to Washington.")})
model.predict(sentence)
print(sentence.to_tagged_string())`),
  ];
};
