import { pyString } from "../../format/python.js";
import { python, repoName, sh, type LibrarySnippetGenerator, loaded } from "../generator.js";

export const mlxImage: LibrarySnippetGenerator = (model) => {
  // mlx-image names a model after its architecture; the hub repository adds "-mlxim".
  const name = repoName(model).replace(/-mlxim$/, "");
  return [
    sh("pip install -U mlx-image"),
    python(`from mlxim.model import create_model

model = create_model(${pyString(name)})
model.eval()
${loaded("model", "call model(images) on a batch of images in NHWC layout")}`),
  ];
};
