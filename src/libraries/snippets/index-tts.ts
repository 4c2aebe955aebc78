import type { ModelData } from "../../model/schema.js";
import { pyString } from "../../format/python.js";
import { shellQuote } from "../../format/shell.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/** IndexTTS2 has its own inference class and keyword arguments. */
function isVersion2(model: ModelData): boolean {
  return /index-?tts-?2/i.test(model.id);
}

function inference(model: ModelData): string {
  const sentence = pyString(widgetText(model) ?? "Hello! This voice was cloned from a few seconds of audio.");
  if (isVersion2(model)) {
    return `from indextts.infer_v2 import IndexTTS2

tts = IndexTTS2(cfg_path="checkpoints/config.yaml", model_dir="checkpoints")
tts.infer(spk_audio_prompt="voice.wav", text=${sentence}, output_path="speech.wav")
print("Saved speech.wav")`;
  }
  return `from indextts.infer import IndexTTS

tts = IndexTTS(model_dir="checkpoints", cfg_path="checkpoints/config.yaml")
# voice.wav: a short recording of the voice to speak with.
tts.infer("voice.wav", ${sentence}, "speech.wav")
print("Saved speech.wav")`;
}

export const indexTts: LibrarySnippetGenerator = (model) => [
  sh(`git clone https://github.com/index-tts/index-tts.git
cd index-tts
pip install -e .
hf download ${shellQuote(model.id)} --local-dir checkpoints`),
  python(inference(model)),
];
