import type { ModelData } from "../../model/schema.js";
import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/** Classifiers predict labels; the other fastText models are word vectors. */
function use(model: ModelData): string {
  if (model.pipeline_tag === "text-classification") {
    return `labels, probabilities = model.predict(${pyString(widgetText(model) ?? "Which baking dish is best to bake a banana bread?")}, k=3)
print(labels, probabilities)`;
  }
  return `print(model.get_word_vector("bread").shape)
print(model.get_nearest_neighbors("bread", k=5))`;
}

export const fasttext: LibrarySnippetGenerator = (model) => [
  sh("pip install -U fasttext huggingface_hub"),
  python(`import fasttext
from huggingface_hub import hf_hub_download

model = fasttext.load_model(hf_hub_download(${pyString(model.id)}, "model.bin"))
${use(model)}`),
];
