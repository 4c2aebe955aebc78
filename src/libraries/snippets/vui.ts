import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/** Vui loads a .pt checkpoint from a local path; its audio comes out at 22.05 kHz. */
export const vui: LibrarySnippetGenerator = (model) => {
  const sentence = widgetText(model) ?? "So [breath] the thing about this is, it's not what you'd expect, right?";
  return [
    sh("pip install git+https://github.com/vui-ai/vui"),
    python(`import torchaudio
from huggingface_hub import hf_hub_download, list_repo_files
from vui.inference import render
from vui.model import Vui

checkpoint_file = next(name for name in list_repo_files(${pyString(model.id)}) if name.endswith(".pt"))
model = Vui.from_pretrained(hf_hub_download(${pyString(model.id)}, checkpoint_file)).cuda().eval()

audio = render(model, ${pyString(sentence)})
torchaudio.save("output.wav", audio[0].cpu(), 22050)`),
  ];
};
