import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/** Speaks one sentence and writes it at the model's own sample rate. */
export const voxcpm: LibrarySnippetGenerator = (model) => {
  const sentence = widgetText(model) ?? "VoxCPM reads this sentence aloud.";
  return [
    sh("pip install -U voxcpm"),
    python(`import soundfile as sf
from voxcpm import VoxCPM

model = VoxCPM.from_pretrained(${pyString(model.id)})

wav = model.generate(text=${pyString(sentence)}, cfg_value=2.0, inference_timesteps=10)
sf.write("output.wav", wav, model.tts_model.sample_rate)`),
  ];
};
