import { pyString } from "../../format/python.js";
import { python, repoName, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/*
 * Each Qwen3-TTS checkpoint does one job, named at the end of its
 * repository name: CustomVoice (built-in speakers), VoiceDesign (a voice
 * described in words) or Base (a voice cloned from a recording).
 */
function generateCall(name: string, text: string): string {
  if (/voicedesign/i.test(name)) {
    return `wavs, sr = model.generate_voice_design(
    text=${text},
    language="English",
    instruct="A warm, calm female voice with a slight smile.",
)`;
  }
  if (/-base$/i.test(name)) {
    return `# A short recording of the voice to clone, and what it says.
wavs, sr = model.generate_voice_clone(
    text=${text},
    language="English",
    ref_audio="reference.wav",
    ref_text="The words spoken in the reference recording.",
)`;
  }
  return `wavs, sr = model.generate_custom_voice(
    text=${text},
    language="English",
    speaker="Ryan",
)`;
}

export const qwen3Tts: LibrarySnippetGenerator = (model) => [
  sh("pip install -U qwen-tts soundfile"),
  python(`import soundfile as sf
import torch
from qwen_tts import Qwen3TTSModel

model = Qwen3TTSModel.from_pretrained(${pyString(model.id)}, device_map="cuda:0", dtype=torch.bfloat16)
${generateCall(repoName(model), pyString(widgetText(model) ?? "She said she would be here by noon."))}
sf.write("output.wav", wavs[0], sr)`),
];
