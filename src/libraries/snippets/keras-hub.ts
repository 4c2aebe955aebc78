import { pyString } from "../../format/python.js";
import type { LibrarySnippet } from "../generator.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

/*
 * A KerasHub preset lists its task classes (e.g. "GemmaCausalLM"). Each
 * architecture-specific class has a generic base class with the same
 * from_preset() that picks the right subclass, so the snippet names only the
 * base class: no class name from the metadata ever reaches the code.
 */
interface TaskUsage {
  /** The generic class in keras_hub.models, also the suffix of its subclasses. */
  base: string;
  variable: string;
  /** Lines that run the loaded task once; empty when there is no one-line demo. */
  run: string[];
}

const TASKS: TaskUsage[] = [
  { base: "CausalLM", variable: "causal_lm", run: ['print(causal_lm.generate("Keras is a", max_length=64))'] },
  { base: "Seq2SeqLM", variable: "seq2seq_lm", run: ['print(seq2seq_lm.generate("The quick brown fox", max_length=64))'] },
  { base: "TextClassifier", variable: "text_classifier", run: ['print(text_classifier.predict(["What an amazing movie!"]))'] },
  { base: "MaskedLM", variable: "masked_lm", run: [] },
  {
    base: "ImageClassifier",
    variable: "image_classifier",
    run: ["images = np.random.uniform(0, 1, size=(1, 224, 224, 3))", "print(image_classifier.predict(images))"],
  },
  { base: "ImageSegmenter", variable: "image_segmenter", run: [] },
  { base: "ObjectDetector", variable: "object_detector", run: [] },
  { base: "TextToImage", variable: "text_to_image", run: ['image = text_to_image.generate("Astronaut in a jungle")'] },
  { base: "ImageToImage", variable: "image_to_image", run: [] },
  { base: "Inpaint", variable: "inpaint", run: [] },
  { base: "AudioToText", variable: "audio_to_text", run: [] },
];

function taskBlock(task: TaskUsage, preset: string): LibrarySnippet {
  const imports = task.run.some((line) => line.includes("np.")) ? "import keras_hub\nimport numpy as np" : "import keras_hub";
  const load = `${task.variable} = keras_hub.models.${task.base}.from_preset(${preset}, dtype="bfloat16")`;
  // A repository may list several tasks: the picker tells their blocks apart by the class.
  return { ...python([imports, "", load, ...task.run].join("\n")), title: task.base };
}

export const kerasHub: LibrarySnippetGenerator = (model) => {
  const preset = pyString(`hf://${model.id}`);
  const listed = model.config?.keras_hub?.tasks ?? [];
  const tasks = TASKS.filter((task) => listed.some((name) => name.endsWith(task.base)));
  const blocks = tasks.map((task) => taskBlock(task, preset));
  if (blocks.length === 0) {
    // No known task: the backbone still loads and gives features.
    blocks.push(
      python(`import keras_hub

backbone = keras_hub.models.Backbone.from_preset(${preset})
backbone.summary()
print(type(backbone).__name__, "loaded: call backbone(inputs) for its features")`),
    );
  }
  // hf:// presets are read through huggingface_hub, which keras-hub does not depend on.
  return [sh("pip install -U keras-hub huggingface_hub"), ...blocks];
};
