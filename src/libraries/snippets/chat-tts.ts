import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

export const chatTts: LibrarySnippetGenerator = (model) => [
  sh("pip install -U ChatTTS torchaudio"),
  python(`import ChatTTS
import torch
import torchaudio
from huggingface_hub import snapshot_download

chat = ChatTTS.Chat()
chat.load(source="custom", custom_path=snapshot_download(${pyString(model.id)}), compile=False)

wavs = chat.infer([${pyString(widgetText(model) ?? "ChatTTS is a text-to-speech model designed for dialogue.")}])
torchaudio.save("speech.wav", torch.from_numpy(wavs[0]).unsqueeze(0), 24000)`),
];
