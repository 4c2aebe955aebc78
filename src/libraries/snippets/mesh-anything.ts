import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const meshAnything: LibrarySnippetGenerator = (model) => [
  sh(`git clone https://github.com/buaacyw/MeshAnything.git
cd MeshAnything
pip install -r requirements.txt
pip install flash-attn --no-build-isolation`),
  python(`from huggingface_hub import hf_hub_download

checkpoint = hf_hub_download(repo_id=${pyString(model.id)}, filename="MeshAnything_350m.pth")
print(checkpoint)`),
  sh(`# Turns a mesh into an artist-style mesh of at most 800 faces.
python main.py --input_path examples/wand.ply --out_dir mesh_output --input_type mesh`),
];
