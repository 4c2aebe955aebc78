import type { ModelData } from "../../model/schema.js";
import { pyString } from "../../format/python.js";
import { python, repoFiles, sh, type LibrarySnippetGenerator } from "../generator.js";

/*
 * keras.saving.load_model("hf://...") checks the path with TensorFlow's file
 * API first (Keras 3.15), so without TensorFlow it fails before downloading:
 * the snippet downloads with huggingface_hub and loads the local copy. A
 * repository saved by Keras' push to the hub is a folder with config.json; one
 * that holds only a .keras archive gets that file.
 */
function download(model: ModelData): { from: string; call: string } {
  const files = repoFiles(model);
  const archive = files.find((name) => /\.keras$/i.test(name));
  if (archive !== undefined && !files.includes("config.json")) {
    return { from: "hf_hub_download", call: `hf_hub_download(${pyString(model.id)}, ${pyString(archive)})` };
  }
  return { from: "snapshot_download", call: `snapshot_download(${pyString(model.id)})` };
}

export const keras: LibrarySnippetGenerator = (model) => {
  const { from, call } = download(model);
  return [
    // keras brings neither the backend the code names nor huggingface_hub.
    sh(`pip install -U "keras>=3" jax huggingface_hub`),
    python(`import os

# Keras 3 runs on JAX, TensorFlow or PyTorch; the backend is chosen before keras is imported.
os.environ["KERAS_BACKEND"] = "jax"

import keras
from huggingface_hub import ${from}

model = keras.saving.load_model(${call})
model.summary()
print(type(model).__name__, "loaded: call model.predict(inputs) to run it")`),
  ];
};
