import { pyString, pyValue } from "../../format/python.js";
import { python, remoteCode, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/** A SetFit classifier labels a batch of sentences. */
export const setfit: LibrarySnippetGenerator = (model) => {
  const sentences = [widgetText(model) ?? "I loved the spiderman movie!", "Pineapple on pizza is the worst 🤮"];
  return [
    sh(`pip install -U setfit${remoteCode(model).packages}`),
    python(`from setfit import SetFitModel

${remoteCode(model).comment}model = SetFitModel.from_pretrained(${pyString(model.id)}${remoteCode(model).argument})
predictions = model.predict(${pyValue(sentences)})
print(predictions)`),
  ];
};
