import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const kernels: LibrarySnippetGenerator = (model) => [
  sh("pip install -U kernels torch"),
  python(`import torch
from kernels import get_kernel

# Downloads the build that matches this machine's PyTorch version and accelerator.
kernel = get_kernel(${pyString(model.id)})
print([name for name in dir(kernel) if not name.startswith("_")])`),
];
