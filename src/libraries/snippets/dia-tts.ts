import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const diaTts: LibrarySnippetGenerator = (model) => [
  sh("pip install git+https://github.com/nari-labs/dia.git"),
  python(`from dia.model import Dia

model = Dia.from_pretrained(${pyString(model.id)})

# [S1] and [S2] mark the speakers; non-verbal sounds go in parentheses.
script = "[S1] Dia turns a script into a conversation. [S2] With two voices? [S1] And laughter. (laughs)"
audio = model.generate(script)
model.save_audio("dialogue.mp3", audio)`),
];
