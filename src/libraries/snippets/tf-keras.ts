import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

/* TF-Keras repositories hold a TensorFlow SavedModel, which tf_keras loads from a local folder. */
export const tfKeras: LibrarySnippetGenerator = (model) => [
  sh("pip install -U tf-keras huggingface_hub"),
  python(`import tf_keras
from huggingface_hub import snapshot_download

model_dir = snapshot_download(repo_id=${pyString(model.id)})
model = tf_keras.models.load_model(model_dir)
model.summary()
print(type(model).__name__, "loaded: call model.predict(inputs) to run it")`),
];
