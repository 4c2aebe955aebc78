import { pyString } from "../../format/python.js";
import { shellQuote } from "../../format/shell.js";
import { python, sh, type LibrarySnippetGenerator, loaded } from "../generator.js";

/** RenderFormer renders triangle scenes; its repository converts scene files and runs inference. */
export const renderformer: LibrarySnippetGenerator = (model) => [
  sh(`git clone https://github.com/microsoft/renderformer
cd renderformer
pip install -r requirements.txt

# Convert an example scene, then render it with this model
python3 scene_processor/convert_scene.py examples/cbox.json --output_h5_path tmp/cbox/cbox.h5
python3 infer.py --h5_file tmp/cbox/cbox.h5 --model_id ${shellQuote(model.id)} --output_dir output/cbox/`),
  python(`import torch
from renderformer import RenderFormerRenderingPipeline

pipeline = RenderFormerRenderingPipeline.from_pretrained(${pyString(model.id)})
pipeline.to(torch.device("cuda"))

# pipeline(triangles=..., texture=..., mask=..., vn=..., c2w=..., fov=..., resolution=512)
# takes the scene tensors that scene_processor/ writes to HDF5 files.
${loaded("pipeline", "give it a scene converted by scene_processor/")}`),
];
