import type { ModelData } from "../../model/schema.js";
import { pyString } from "../../format/python.js";
import { Placeholder } from "../placeholders.js";
import { fallback, python, repoFiles, sh, type LibrarySnippetGenerator, loaded } from "../generator.js";

function skopsSnippet(model: ModelData, file: string): string {
  return `from huggingface_hub import hf_hub_download
from skops.io import get_untrusted_types, load

path = hf_hub_download(${pyString(model.id)}, ${pyString(file)})

# skops only loads types it knows are safe: check this list before trusting it.
untrusted_types = get_untrusted_types(file=path)
print(untrusted_types)

model = load(path, trusted=untrusted_types)
${loaded("model", "call model.predict(X)")}`;
}

function pickleSnippet(model: ModelData, file: string): string {
  return `import joblib
from huggingface_hub import hf_hub_download

# Unpickling runs code stored in the file: load only models you trust.
model = joblib.load(hf_hub_download(${pyString(model.id)}, ${pyString(file)}))
${loaded("model", "call model.predict(X)")}`;
}

/*
 * Without a config, the file list names the model: a skops file, else a
 * joblib or pickle file, in that order (skops loads without running code).
 */
function modelFile(model: ModelData): { file: string; format: "skops" | "pickle" } | undefined {
  const settings = model.config?.sklearn;
  const configured = settings?.model?.file;
  if (configured) return { file: configured, format: settings?.model_format === "skops" ? "skops" : "pickle" };
  const files = repoFiles(model);
  const skops = files.find((name) => /\.skops$/i.test(name));
  if (skops) return { file: skops, format: "skops" };
  const pickled = files.find((name) => /\.joblib$/i.test(name)) ?? files.find((name) => /\.(pkl|pickle)$/i.test(name));
  return pickled ? { file: pickled, format: "pickle" } : undefined;
}

/** The model file and its format (pickle or skops) come from the repository's config, else its files. */
export const sklearn: LibrarySnippetGenerator = (model) => {
  const found = modelFile(model);
  if (!found) {
    return [
      fallback(
        "python",
        Placeholder.modelFilenameMissing,
        "Name the file in config.json (sklearn.model.file), or load the repository's .joblib, .pkl or .skops file yourself.",
      ),
    ];
  }
  const { file } = found;
  if (found.format === "skops") return [sh("pip install -U scikit-learn skops huggingface_hub"), python(skopsSnippet(model, file))];
  return [sh("pip install -U scikit-learn joblib huggingface_hub"), python(pickleSnippet(model, file))];
};
