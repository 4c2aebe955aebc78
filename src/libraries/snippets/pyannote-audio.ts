import { pyString } from "../../format/python.js";
import { hasTag, python, sh, type LibrarySnippetGenerator } from "../generator.js";

/* pyannote checkpoints are gated: the token of an account that accepted their terms is read from HF_TOKEN. */
export const pyannoteAudio: LibrarySnippetGenerator = (model) => {
  const code = hasTag(model, "pyannote-audio-pipeline")
    ? `import os
from pyannote.audio import Pipeline

pipeline = Pipeline.from_pretrained(${pyString(model.id)}, token=os.environ["HF_TOKEN"])
output = pipeline("audio.wav")
print(output)`
    : `import os
from pyannote.audio import Inference, Model

model = Model.from_pretrained(${pyString(model.id)}, token=os.environ["HF_TOKEN"])
inference = Inference(model)
output = inference("audio.wav")
print(output)`;
  return [sh("pip install -U pyannote.audio"), python(code)];
};
