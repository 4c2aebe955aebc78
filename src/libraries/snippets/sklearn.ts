import type { ModelData } from "../../model/schema.js";
import { pyString } from "../../format/python.js";
import { Placeholder } from "../placeholders.js";
import { comment, python, sh, type LibrarySnippetGenerator } from "../generator.js";

function skopsSnippet(model: ModelData, file: string): string {
  return `from huggingface_hub import hf_hub_download
from skops.io import get_untrusted_types, load

path = hf_hub_download(${pyString(model.id)}, ${pyString(file)})

# skops only loads types it knows are safe: check this list before trusting it.
untrusted_types = get_untrusted_types(file=path)
print(untrusted_types)

model = load(path, trusted=untrusted_types)`;
}

function pickleSnippet(model: ModelData, file: string): string {
  return `import joblib
from huggingface_hub import hf_hub_download

# Unpickling runs code stored in the file: load only models you trust.
model = joblib.load(hf_hub_download(${pyString(model.id)}, ${pyString(file)}))`;
}

/** The model file and its format (pickle or skops) come from the repository's config. */
export const sklearn: LibrarySnippetGenerator = (model) => {
  const settings = model.config?.sklearn;
  const file = settings?.model?.file;
  if (!file) return [python(comment("python", Placeholder.modelFilenameMissing))];
  if (settings.model_format === "skops") return [sh("pip install -U scikit-learn skops"), python(skopsSnippet(model, file))];
  return [sh("pip install -U scikit-learn joblib huggingface_hub"), python(pickleSnippet(model, file))];
};
