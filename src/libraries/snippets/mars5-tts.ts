import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/* The inference code comes from the GitHub repository through torch.hub; the weights come from the model repository. */
export const mars5Tts: LibrarySnippetGenerator = (model) => [
  sh("pip install -U torch torchaudio librosa vocos encodec safetensors huggingface_hub"),
  python(`import librosa
import torch
import torchaudio
from huggingface_hub import hf_hub_download

ar_path = hf_hub_download(repo_id=${pyString(model.id)}, filename="mars5_ar.safetensors")
nar_path = hf_hub_download(repo_id=${pyString(model.id)}, filename="mars5_nar.safetensors")
mars5, config_class = torch.hub.load(
    "Camb-ai/mars5-tts",
    "mars5_english",
    trust_repo=True,
    ckpt_format="safetensors",
    ar_path=ar_path,
    nar_path=nar_path,
)

# A clean recording of 2 to 12 seconds of the voice to clone, and what it says.
wav, sr = librosa.load("reference.wav", sr=mars5.sr, mono=True)
wav = torch.from_numpy(wav)
ref_transcript = "The words spoken in the reference recording."

# A deep clone uses the transcript: slower, closer to the voice.
cfg = config_class(deep_clone=True, rep_penalty_window=100, top_k=100, temperature=0.7, freq_penalty=3)
ar_codes, output_audio = mars5.tts(${pyString(widgetText(model) ?? "The quick brown rat.")}, wav, ref_transcript, cfg=cfg)
torchaudio.save("speech.wav", output_audio.unsqueeze(0), mars5.sr)
print("Saved speech.wav")`),
];
