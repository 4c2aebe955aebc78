import type { ModelData } from "../../model/schema.js";
import { pyString } from "../../format/python.js";
import { hasTag, python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

/* FLUX and Stable Diffusion 3 use different pipeline classes, shifts and sampling budgets. */
function snippet(model: ModelData): string {
  const flux = hasTag(model, "flux");
  const pipelineClass = flux ? "FluxPipeline" : "DiffusionPipeline";
  const options = flux ? "shift=1.0," : "shift=3.0,\n    use_t5=False,";
  const prompt = model.cardData?.instance_prompt || widgetText(model) || "a photo of a cat";
  return `from diffusionkit.mlx import ${pipelineClass}

pipeline = ${pipelineClass}(
    ${options}
    model_version=${pyString(model.id)},
    low_memory_mode=True,
    a16=True,
    w16=True,
)

height, width = 512, 512
image, _ = pipeline.generate_image(
    ${pyString(prompt)},
    cfg_weight=${flux ? "0.0" : "5.0"},
    num_steps=${flux ? 4 : 50},
    latent_size=(height // 8, width // 8),
)
image.save("image.png")`;
}

export const diffusionkit: LibrarySnippetGenerator = (model) => [sh("pip install -U diffusionkit"), python(snippet(model))];
