import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/** Generates a clip from a text prompt and writes it as 16-bit WAV. */
export const stableAudioTools: LibrarySnippetGenerator = (model) => {
  const prompt = widgetText(model) ?? "128 BPM tech house drum loop";
  return [
    sh("pip install -U stable-audio-tools"),
    python(`import torch
import torchaudio
from einops import rearrange
from stable_audio_tools import get_pretrained_model
from stable_audio_tools.inference.generation import generate_diffusion_cond

device = "cuda" if torch.cuda.is_available() else "cpu"

model, model_config = get_pretrained_model(${pyString(model.id)})
model = model.to(device)

conditioning = [{"prompt": ${pyString(prompt)}, "seconds_start": 0, "seconds_total": 30}]
output = generate_diffusion_cond(
    model,
    steps=100,
    cfg_scale=7,
    conditioning=conditioning,
    sample_size=model_config["sample_size"],
    sampler_type="dpmpp-3m-sde",
    device=device,
)

# One batch of channels x samples, peak-normalised to 16-bit integers
audio = rearrange(output, "b d n -> d (b n)").to(torch.float32)
audio = audio.div(audio.abs().max()).clamp(-1, 1).mul(32767).to(torch.int16).cpu()
torchaudio.save("output.wav", audio, model_config["sample_rate"])`),
  ];
};
