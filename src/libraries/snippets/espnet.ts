import type { ModelData } from "../../model/schema.js";
import { pyString } from "../../format/python.js";
import { Placeholder } from "../placeholders.js";
import { fallback, hasTag, python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

function textToSpeech(model: ModelData): string {
  const sentence = widgetText(model) ?? "Hello, this sentence was spoken by ESPnet.";
  return `import soundfile
from espnet2.bin.tts_inference import Text2Speech

model = Text2Speech.from_pretrained(${pyString(model.id)})

speech = model(${pyString(sentence)})["wav"]
soundfile.write("speech.wav", speech.numpy(), model.fs)`;
}

function speechRecognition(model: ModelData): string {
  return `import soundfile
from espnet2.bin.asr_inference import Speech2Text

model = Speech2Text.from_pretrained(${pyString(model.id)})

speech, rate = soundfile.read("speech.wav")
text, *_ = model(speech)[0]
print(text)`;
}

/** ESPnet ships one inference class per task; the hub tags say which one a model needs. */
export const espnet: LibrarySnippetGenerator = (model) => {
  const install = sh("pip install -U espnet espnet_model_zoo soundfile");
  if (hasTag(model, "text-to-speech")) return [install, python(textToSpeech(model))];
  if (hasTag(model, "automatic-speech-recognition")) return [install, python(speechRecognition(model))];
  return [
    fallback(
      "text",
      Placeholder.unknownModelType,
      "Its tags name neither text-to-speech nor automatic-speech-recognition: see the model card for the ESPnet class it loads with.",
    ),
  ];
};
