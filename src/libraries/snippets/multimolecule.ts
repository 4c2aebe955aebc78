import { pyString } from "../../format/python.js";
import { hasTag, python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const multimolecule: LibrarySnippetGenerator = (model) => {
  const remoteCode = hasTag(model, "custom_code") ? ", trust_remote_code=True" : "";
  // Importing multimolecule registers its models with transformers' Auto classes.
  const code =
    model.pipeline_tag === "fill-mask"
      ? `import multimolecule  # noqa: F401
from transformers import pipeline

predictor = pipeline("fill-mask", model=${pyString(model.id)}${remoteCode})
mask = ${pyString(model.mask_token ?? "<mask>")}
print(predictor(f"gguc{mask}cucugguuagaccagaucugagccu"))`
      : `import multimolecule  # noqa: F401
from transformers import AutoModel, AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained(${pyString(model.id)}${remoteCode})
model = AutoModel.from_pretrained(${pyString(model.id)}${remoteCode})

inputs = tokenizer("UAGCUUAUCAGACUGAUGUUGA", return_tensors="pt")
output = model(**inputs)
print(output.last_hidden_state.shape)`;
  return [sh("pip install -U multimolecule"), python(code)];
};
