import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

/*
 * CXR Foundation is two TensorFlow SavedModels: an image encoder (ELIXR-C)
 * and a Q-Former that turns its feature maps into the released embeddings.
 */
export const cxrFoundation: LibrarySnippetGenerator = (model) => [
  sh("pip install -U huggingface_hub tensorflow tensorflow-text numpy"),
  python(`import os

import numpy as np
import tensorflow as tf
import tensorflow_text  # noqa: F401 (registers ops the Q-Former needs)
from huggingface_hub import snapshot_download

model_dir = snapshot_download(${pyString(model.id)}, allow_patterns=["elixr-c-v2-pooled/*", "pax-elixr-b-text/*"])

# The image encoder reads a serialized tf.train.Example holding a PNG chest X-ray.
with open("chest_xray.png", "rb") as png:
    example = tf.train.Example(features=tf.train.Features(feature={
        "image/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(value=[png.read()])),
        "image/format": tf.train.Feature(bytes_list=tf.train.BytesList(value=["png".encode()])),
    })).SerializeToString()

image_encoder = tf.saved_model.load(os.path.join(model_dir, "elixr-c-v2-pooled"))
feature_maps = image_encoder.signatures["serving_default"](input_example=tf.constant([example]))["feature_maps_0"].numpy()

qformer = tf.saved_model.load(os.path.join(model_dir, "pax-elixr-b-text"))
outputs = qformer.signatures["serving_default"](
    image_feature=feature_maps.tolist(),
    ids=np.zeros((1, 1, 128), dtype=np.int32).tolist(),
    paddings=np.zeros((1, 1, 128), dtype=np.float32).tolist(),
)
embedding = outputs["all_contrastive_img_emb"]
print(embedding.shape)`),
];
