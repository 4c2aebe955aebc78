import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/** Supertonic runs the repository's ONNX files, with one of its voice styles. */
export const supertonic: LibrarySnippetGenerator = (model) => {
  const sentence = widgetText(model) ?? "Supertonic speaks this sentence right on your device.";
  return [
    sh("pip install -U supertonic huggingface_hub"),
    python(`from huggingface_hub import snapshot_download
from supertonic import TTS

model_dir = snapshot_download(${pyString(model.id)})
tts = TTS(model_dir=model_dir, auto_download=False)

print(tts.voice_style_names)
style = tts.get_voice_style(tts.voice_style_names[0])

wav, duration = tts.synthesize(${pyString(sentence)}, voice_style=style)
tts.save_audio(wav, "output.wav")`),
  ];
};
