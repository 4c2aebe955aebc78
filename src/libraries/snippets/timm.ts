import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator, loaded } from "../generator.js";

/** timm loads hub models by an `hf_hub:` name; image classifiers also get their preprocessing. */
export const timm: LibrarySnippetGenerator = (model) => {
  const classify =
    model.pipeline_tag === "image-classification"
      ? `

# The preprocessing the model was trained with
data_config = timm.data.resolve_model_data_config(model)
transform = timm.data.create_transform(**data_config, is_training=False)`
      : "";
  return [
    sh("pip install -U timm"),
    python(`import timm

model = timm.create_model(${pyString(`hf_hub:${model.id}`)}, pretrained=True)
model = model.eval()${classify}
${loaded("model", "call model(images) on a batch of image tensors")}`),
  ];
};
