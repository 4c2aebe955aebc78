import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

export const cartesiaMlx: LibrarySnippetGenerator = (model) => [
  // cartesia-metal builds against one nanobind commit, and needs Xcode's license accepted.
  sh(`pip install nanobind@git+https://github.com/wjakob/nanobind.git@2f04eac452a6d9142dedb957701bdb20125561e4
pip install git+https://github.com/cartesia-ai/edge.git#subdirectory=cartesia-metal
pip install cartesia-mlx`),
  python(`import cartesia_mlx as cmx
import mlx.core as mx

model = cmx.from_pretrained(${pyString(model.id)})
model.set_dtype(mx.float32)

prompt = ${pyString(widgetText(model) ?? "The capital of France is")}
print(prompt, end="", flush=True)
for text in model.generate(prompt, max_tokens=200, top_p=0.99, temperature=0.85):
    print(text, end="", flush=True)`),
];
