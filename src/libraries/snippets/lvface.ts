import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

/** LVFace embeds faces with an ONNX model; two embeddings compare by cosine similarity. */
export const lvface: LibrarySnippetGenerator = (model) => [
  sh(`git clone https://github.com/bytedance/LVFace
cd LVFace
pip install -r requirements.txt huggingface_hub`),
  python(`from huggingface_hub import hf_hub_download, list_repo_files
from inference_onnx import LVFaceONNXInferencer

onnx_files = [name for name in list_repo_files(${pyString(model.id)}) if name.endswith(".onnx")]
print(onnx_files)
model_path = hf_hub_download(${pyString(model.id)}, onnx_files[0])

inferencer = LVFaceONNXInferencer(model_path=model_path, use_gpu=True)
first = inferencer.infer_from_image("face1.jpg")
second = inferencer.infer_from_image("face2.jpg")
print(inferencer.calculate_similarity(first, second))`),
];
