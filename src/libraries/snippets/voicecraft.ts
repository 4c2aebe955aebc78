import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator, loaded } from "../generator.js";

/** VoiceCraft's model class comes with its repository. */
export const voicecraft: LibrarySnippetGenerator = (model) => [
  sh(`git clone https://github.com/jasonppy/VoiceCraft
cd VoiceCraft
# Set up the environment as the README describes`),
  python(`from models import voicecraft

model = voicecraft.VoiceCraft.from_pretrained(${pyString(model.id)})
${loaded("model", "see inference_tts.ipynb for speech editing and zero-shot text-to-speech")}`),
];
