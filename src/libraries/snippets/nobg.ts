import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const nobg: LibrarySnippetGenerator = (model) => [
  sh("pip install -U nobg"),
  python(`from nobg import AutoModel

model = AutoModel.from_pretrained(${pyString(model.id)})

# Takes a path, URL, PIL image or numpy array; gives the cut-out as an RGBA image.
model.process("input.jpg").save("output.png")`),
];
