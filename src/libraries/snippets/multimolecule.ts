import { pyString } from "../../format/python.js";
import { python, remoteCode, sh, type LibrarySnippetGenerator } from "../generator.js";

export const multimolecule: LibrarySnippetGenerator = (model) => {
  // Importing multimolecule registers its models with transformers' Auto classes.
  const code =
    model.pipeline_tag === "fill-mask"
      ? `import multimolecule  # noqa: F401
from transformers import pipeline

${remoteCode(model).comment}predictor = pipeline("fill-mask", model=${pyString(model.id)}${remoteCode(model).argument})
mask = ${pyString(model.mask_token ?? "<mask>")}
print(predictor(f"gguc{mask}cucugguuagaccagaucugagccu"))`
      : `import multimolecule  # noqa: F401
from transformers import AutoModel, AutoTokenizer

${remoteCode(model).comment}tokenizer = AutoTokenizer.from_pretrained(${pyString(model.id)}${remoteCode(model).argument})
model = AutoModel.from_pretrained(${pyString(model.id)}${remoteCode(model).argument})

inputs = tokenizer("UAGCUUAUCAGACUGAUGUUGA", return_tensors="pt")
output = model(**inputs)
print(output.last_hidden_state.shape)`;
  return [sh(`pip install -U multimolecule${remoteCode(model).packages}`), python(code)];
};
