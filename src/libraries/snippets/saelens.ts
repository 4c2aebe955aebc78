import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator, loaded } from "../generator.js";

/* A repository holds one or more sparse autoencoders, each in the folder that is its SAE id. */
export const saelens: LibrarySnippetGenerator = (model) => [
  sh("pip install -U sae-lens"),
  python(`import os

from huggingface_hub import list_repo_files
from sae_lens import SAE

sae_ids = sorted({os.path.dirname(path) for path in list_repo_files(${pyString(model.id)}) if path.endswith("cfg.json")})
print(sae_ids)

sae = SAE.from_pretrained(release=${pyString(model.id)}, sae_id=sae_ids[0], device="cpu")
${loaded("sae", "call sae.encode(activations) on a model's activations")}`),
];
