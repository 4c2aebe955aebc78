import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const dermFoundation: LibrarySnippetGenerator = (model) => [
  sh("pip install -U huggingface_hub tensorflow pillow"),
  python(`from io import BytesIO

import tensorflow as tf
from huggingface_hub import from_pretrained_keras
from PIL import Image

# The model reads a serialized tf.train.Example holding a PNG-encoded skin image.
buffer = BytesIO()
Image.open("skin.png").convert("RGB").save(buffer, "PNG")
example = tf.train.Example(features=tf.train.Features(feature={
    "image/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(value=[buffer.getvalue()])),
})).SerializeToString()

model = from_pretrained_keras(${pyString(model.id)})
outputs = model.signatures["serving_default"](inputs=tf.constant([example]))
embedding = outputs["embedding"].numpy().flatten()
print(embedding.shape)`),
];
