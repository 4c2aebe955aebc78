import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/** Zonos speaks in the voice of a reference recording. */
export const zonos: LibrarySnippetGenerator = (model) => {
  const sentence = widgetText(model) ?? "Hello from Zonos, speaking in your voice.";
  return [
    sh("pip install git+https://github.com/Zyphra/Zonos.git"),
    python(`import torchaudio
from zonos.conditioning import make_cond_dict
from zonos.model import Zonos

model = Zonos.from_pretrained(${pyString(model.id)}, device="cuda")

reference, sampling_rate = torchaudio.load("reference_voice.wav")
speaker = model.make_speaker_embedding(reference, sampling_rate)

conditioning = model.prepare_conditioning(make_cond_dict(text=${pyString(sentence)}, speaker=speaker, language="en-us"))
codes = model.generate(conditioning)

wavs = model.autoencoder.decode(codes).cpu()
torchaudio.save("output.wav", wavs[0], model.autoencoder.sampling_rate)`),
  ];
};
