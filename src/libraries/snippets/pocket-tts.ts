import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/* load_model() fetches Kyutai's published Pocket TTS weights itself; it runs on CPU. */
export const pocketTts: LibrarySnippetGenerator = (model) => [
  sh("pip install -U pocket-tts scipy"),
  python(`import scipy.io.wavfile
from pocket_tts import TTSModel

tts_model = TTSModel.load_model()
# A built-in voice name, a local .wav file to clone, or an hf:// path to one.
voice_state = tts_model.get_state_for_audio_prompt("alba")
audio = tts_model.generate_audio(voice_state, ${pyString(widgetText(model) ?? "Hello world, this is a test.")})
scipy.io.wavfile.write("output.wav", tts_model.sample_rate, audio.numpy())`),
  sh(`# Or keep the model in memory behind a local web page at http://localhost:8000
pocket-tts serve`),
];
