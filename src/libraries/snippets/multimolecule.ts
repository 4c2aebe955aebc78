import { pyString } from "../../format/python.js";
import { python, remoteCodeArgument, remoteCodeComment, remoteCodePackages, sh, type LibrarySnippetGenerator } from "../generator.js";

export const multimolecule: LibrarySnippetGenerator = (model) => {
  // Importing multimolecule registers its models with transformers' Auto classes.
  const code =
    model.pipeline_tag === "fill-mask"
      ? `import multimolecule  # noqa: F401
from transformers import pipeline

${remoteCodeComment(model)}predictor = pipeline("fill-mask", model=${pyString(model.id)}${remoteCodeArgument(model)})
mask = ${pyString(model.mask_token ?? "<mask>")}
print(predictor(f"gguc{mask}cucugguuagaccagaucugagccu"))`
      : `import multimolecule  # noqa: F401
from transformers import AutoModel, AutoTokenizer

${remoteCodeComment(model)}tokenizer = AutoTokenizer.from_pretrained(${pyString(model.id)}${remoteCodeArgument(model)})
model = AutoModel.from_pretrained(${pyString(model.id)}${remoteCodeArgument(model)})

inputs = tokenizer("UAGCUUAUCAGACUGAUGUUGA", return_tensors="pt")
output = model(**inputs)
print(output.last_hidden_state.shape)`;
  return [sh(`pip install -U multimolecule${remoteCodePackages(model)}`), python(code)];
};
