import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const keras: LibrarySnippetGenerator = (model) => [
  // The backend the code names is installed with keras, which brings none.
  sh(`pip install -U "keras>=3" jax`),
  python(`import os

# Keras 3 runs on JAX, TensorFlow or PyTorch; the backend is chosen before keras is imported.
os.environ["KERAS_BACKEND"] = "jax"

import keras

model = keras.saving.load_model(${pyString(`hf://${model.id}`)})
model.summary()`),
];
