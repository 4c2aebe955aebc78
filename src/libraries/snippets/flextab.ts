import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

/*
 * FlexTab publishes PyTorch checkpoints (.pt). This loads one; the model
 * classes that run it come with the FlexTab package.
 */
export const flextab: LibrarySnippetGenerator = (model) => [
  sh("pip install git+https://github.com/SAP-samples/flextab.git"),
  python(`from pathlib import Path

import torch
from huggingface_hub import snapshot_download

checkpoint_dir = Path(snapshot_download(${pyString(model.id)}, allow_patterns=["*.pt", "*.json"]))
checkpoint = torch.load(next(checkpoint_dir.glob("*.pt")), map_location="cpu")
print(type(checkpoint))`),
];
