import type { ModelData } from "../../model/schema.js";
import { pyString } from "../../format/python.js";
import { Placeholder } from "../placeholders.js";
import { fallback, hasTag, python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

function textToMel(model: ModelData): string {
  const sentence = widgetText(model) ?? "TensorFlowTTS turns this sentence into a mel spectrogram.";
  return `import tensorflow as tf
from tensorflow_tts.inference import AutoProcessor, TFAutoModel

processor = AutoProcessor.from_pretrained(${pyString(model.id)})
text2mel = TFAutoModel.from_pretrained(${pyString(model.id)})

input_ids = processor.text_to_sequence(${pyString(sentence)})
input_ids = tf.expand_dims(tf.convert_to_tensor(input_ids, dtype=tf.int32), 0)
# The arguments of inference() differ between Tacotron2 and FastSpeech models: see the model card.`;
}

function melToWav(model: ModelData): string {
  return `import tensorflow as tf
from tensorflow_tts.inference import TFAutoModel

vocoder = TFAutoModel.from_pretrained(${pyString(model.id)})

# mel_spectrogram: the output of a text-to-mel model, shaped [batch, frames, mel bins]
audio = vocoder.inference(mel_spectrogram)[0, :, 0]`;
}

/** TensorFlowTTS models are either text-to-mel or mel-to-wav (vocoder); the tags say which. */
export const tensorflowtts: LibrarySnippetGenerator = (model) => {
  const install = sh("pip install -U TensorFlowTTS");
  if (hasTag(model, "text-to-mel")) return [install, python(textToMel(model))];
  if (hasTag(model, "mel-to-wav")) return [install, python(melToWav(model))];
  return [
    fallback(
      "python",
      Placeholder.modelTypeUnknown,
      "Its tags name neither text-to-mel nor mel-to-wav: see the model card for the TensorFlowTTS class it loads with.",
    ),
  ];
};
