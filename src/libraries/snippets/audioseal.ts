import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const audioseal: LibrarySnippetGenerator = (model) => [
  sh("pip install -U audioseal huggingface_hub"),
  python(`from pathlib import Path

import torch
from audioseal import AudioSeal
from huggingface_hub import snapshot_download

weights = Path(snapshot_download(${pyString(model.id)}))
generator = AudioSeal.load_generator(str(next(weights.glob("generator*.pth"))), nbits=16)
detector = AudioSeal.load_detector(str(next(weights.glob("detector*.pth"))), nbits=16)

sample_rate = 16000
audio = torch.randn(1, 1, sample_rate)  # (batch, channels, samples): one second of noise

watermarked = audio + generator.get_watermark(audio, sample_rate)
probability, message = detector.detect_watermark(watermarked, sample_rate)
print(f"watermarked with probability {probability:.2f}, message {message}")`),
];
