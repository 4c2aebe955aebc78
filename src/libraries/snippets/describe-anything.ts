import { pyString } from "../../format/python.js";
import { python, sh, type LibrarySnippetGenerator } from "../generator.js";

export const describeAnything: LibrarySnippetGenerator = (model) => [
  sh("pip install git+https://github.com/NVlabs/describe-anything"),
  python(`from PIL import Image
from dam import DescribeAnythingModel, disable_torch_init

disable_torch_init()
dam = DescribeAnythingModel(model_path=${pyString(model.id)}, conv_mode="v1", prompt_mode="focal_prompt")

image = Image.open("image.jpg").convert("RGB")
mask = Image.open("mask.png").convert("L")  # white where the region to describe is
description = dam.get_description(
    image,
    mask,
    "<image>\\nDescribe the masked region in detail.",
    streaming=False,
    temperature=0.2,
    top_p=0.5,
    num_beams=1,
    max_new_tokens=512,
)
print(description)`),
];
