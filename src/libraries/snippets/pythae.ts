import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator, loaded } from "../generator.js";

export const pythae: LibrarySnippetGenerator = (model) => [
  sh("pip install -U pythae"),
  python(`from pythae.models import AutoModel

model = AutoModel.load_from_hf_hub(hf_hub_path=${pyString(model.id)})
${loaded("model", "call model.encoder(inputs) or model.decoder(latents)")}`),
];
