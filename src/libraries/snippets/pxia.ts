import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator, loaded } from "../generator.js";

export const pxia: LibrarySnippetGenerator = (model) => [
  sh("pip install -U pxia"),
  python(`from pxia import AutoModel

# Picks the pxia architecture from the repository's tags.
model = AutoModel.from_pretrained(${pyString(model.id)})
${loaded("model", "see the model card for the inputs it takes")}`),
];
