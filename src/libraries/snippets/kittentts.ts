import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

export const kittentts: LibrarySnippetGenerator = (model) => [
  sh("pip install git+https://github.com/KittenML/KittenTTS.git soundfile"),
  python(`import soundfile as sf
from kittentts import KittenTTS

tts = KittenTTS(${pyString(model.id)})
audio = tts.generate(${pyString(widgetText(model) ?? "This high quality speech model runs without a GPU.")}, voice="expr-voice-2-f")

# The model speaks at 24 kHz.
sf.write("output.wav", audio, 24000)`),
];
