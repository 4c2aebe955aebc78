import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

/** Recovers the 3D body mesh of the people in one image. */
export const sam3dBody: LibrarySnippetGenerator = (model) => [
  sh(`git clone https://github.com/facebookresearch/sam-3d-body
cd sam-3d-body
# Set up the environment as INSTALL.md describes`),
  python(`from sam_3d_body import SAM3DBodyEstimator, load_sam_3d_body_hf

model, model_cfg = load_sam_3d_body_hf(${pyString(model.id)})
estimator = SAM3DBodyEstimator(sam_3d_body_model=model, model_cfg=model_cfg)

outputs = estimator.process_one_image("image.jpg")
print(len(outputs), "people found")`),
];
