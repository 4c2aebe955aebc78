import { pyString, pyValue } from "../../format/python.js";
import { python, remoteCodeArgument, remoteCodeComment, remoteCodePackages, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/** A SetFit classifier labels a batch of sentences. */
export const setfit: LibrarySnippetGenerator = (model) => {
  const sentences = [widgetText(model) ?? "I loved the spiderman movie!", "Pineapple on pizza is the worst 🤮"];
  return [
    sh(`pip install -U setfit${remoteCodePackages(model)}`),
    python(`from setfit import SetFitModel

${remoteCodeComment(model)}model = SetFitModel.from_pretrained(${pyString(model.id)}${remoteCodeArgument(model)})
predictions = model.predict(${pyValue(sentences)})
print(predictions)`),
  ];
};
