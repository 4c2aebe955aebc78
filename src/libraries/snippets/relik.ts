import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/** Retrieves the entities (and relations) a ReLiK model finds in one sentence. */
export const relik: LibrarySnippetGenerator = (model) => {
  const sentence = widgetText(model) ?? "Michael Jordan was one of the best players in the NBA.";
  return [
    sh("pip install -U relik"),
    python(`from relik import Relik

relik = Relik.from_pretrained(${pyString(model.id)})
output = relik(${pyString(sentence)})
print(output)`),
  ];
};
