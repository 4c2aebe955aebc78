import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const fairseq: LibrarySnippetGenerator = (model) => [
  sh("pip install -U fairseq"),
  python(`from fairseq.checkpoint_utils import load_model_ensemble_and_task_from_hf_hub

models, cfg, task = load_model_ensemble_and_task_from_hf_hub(${pyString(model.id)})
model = models[0].eval()
print(task.__class__.__name__, sum(p.numel() for p in model.parameters()))`),
];
