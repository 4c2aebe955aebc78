import { pyString } from "../../format/python.js";
import { python, sh, widgetText, type LibrarySnippetGenerator, loaded } from "../generator.js";

export const prunaAi: LibrarySnippetGenerator = (model) => {
  const load = `from pruna import PrunaModel

model = PrunaModel.from_pretrained(${pyString(model.id)})`;
  // A smashed diffusion pipeline is called like the pipeline it wraps.
  const run =
    model.pipeline_tag === "text-to-image"
      ? `\n\nimage = model(${pyString(widgetText(model) ?? "A fruit basket on a wooden table")}).images[0]
image.save("output.png")`
      : `\n${loaded("model", "call it as you would call the model it wraps")}`;
  return [sh("pip install -U pruna"), python(load + run)];
};
