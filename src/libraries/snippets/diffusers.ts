import type { ModelData } from "../../model/schema.js";
import { pyString } from "../../format/python.js";
import { Placeholder } from "../placeholders.js";
import { baseModelOf, comment, hasTag, python, sh, widgetText, type LibrarySnippetGenerator } from "../generator.js";

const ADAPTER_TAG = "base_model:adapter:";
const DEFAULT_PROMPT = "Astronaut in a jungle, cold color palette, muted colors, detailed, 8k";

function isAdapter(model: ModelData): boolean {
  return hasTag(model, "lora") || model.tags.some((tag) => tag.startsWith(ADAPTER_TAG));
}

/** The card's base model, else the one the hub recorded in an adapter tag. */
function adapterBase(model: ModelData): string | undefined {
  const fromCard = baseModelOf(model);
  if (fromCard) return fromCard;
  const tag = model.tags.find((candidate) => candidate.startsWith(ADAPTER_TAG) && candidate.length > ADAPTER_TAG.length);
  return tag?.slice(ADAPTER_TAG.length);
}

/** The model and every model it says it derives from: card's base_model (all of them) and `base_model:` tags. */
function lineage(model: ModelData): string[] {
  const base = model.cardData?.base_model;
  const fromCard = base === undefined ? [] : Array.isArray(base) ? base : [base];
  const fromTags = model.tags.filter((tag) => tag.startsWith("base_model:")).map((tag) => tag.slice(tag.lastIndexOf(":") + 1));
  return [model.id, ...fromCard, ...fromTags];
}

/*
 * FLUX.1-schnell and its fine-tunes are timestep-distilled: 4 steps and no
 * guidance. FLUX.1-dev and the rest of the family are guidance-distilled and
 * come out blurry at 4 steps: they take about 28-50 steps at guidance 3.5.
 * The tag says FLUX; the id and base models say which kind.
 */
function samplingArgs(model: ModelData): string {
  const names = lineage(model);
  if (names.some((name) => /flux\.1-schnell/i.test(name))) return "num_inference_steps=4, guidance_scale=0.0";
  if (hasTag(model, "flux") || names.some((name) => /\/flux\.\d/i.test(name))) return "num_inference_steps=28, guidance_scale=3.5";
  return "num_inference_steps=50, guidance_scale=5.0";
}

function prompt(model: ModelData): string {
  const instancePrompt = model.cardData?.instance_prompt;
  return pyString(instancePrompt ? instancePrompt : (widgetText(model) ?? DEFAULT_PROMPT));
}

const LOAD_OPTIONS = 'torch_dtype=torch.bfloat16, device_map="cuda"';

function adapterSnippet(model: ModelData): string {
  const base = adapterBase(model);
  const loadBase = base
    ? `pipe = DiffusionPipeline.from_pretrained(${pyString(base)}, ${LOAD_OPTIONS})`
    : `${comment("python", Placeholder.baseModelNotFound)}
${comment("python", "Put the id of the model this adapter was trained on here.")}
base_model = "base-model-id"
pipe = DiffusionPipeline.from_pretrained(base_model, ${LOAD_OPTIONS})`;
  return `import torch
from diffusers import DiffusionPipeline

${loadBase}
pipe.load_lora_weights(${pyString(model.id)})

image = pipe(${prompt(model)}, ${samplingArgs(model)}).images[0]
image.save("image.png")`;
}

function pipelineSnippet(model: ModelData): string {
  const load = `pipe = DiffusionPipeline.from_pretrained(${pyString(model.id)}, ${LOAD_OPTIONS})`;
  if (model.pipeline_tag === "image-to-image") {
    return `import torch
from diffusers import DiffusionPipeline
from diffusers.utils import load_image

${load}

init_image = load_image("https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/diffusers/cat.png")
image = pipe(${prompt(model)}, image=init_image).images[0]
image.save("image.png")`;
  }
  if (model.pipeline_tag === "text-to-video") {
    return `import torch
from diffusers import DiffusionPipeline
from diffusers.utils import export_to_video

${load}

frames = pipe(${prompt(model)}).frames[0]
export_to_video(frames, "video.mp4")`;
  }
  return `import torch
from diffusers import DiffusionPipeline

${load}

image = pipe(${prompt(model)}, ${samplingArgs(model)}).images[0]
image.save("image.png")`;
}

export const diffusers: LibrarySnippetGenerator = (model) => [
  sh("pip install -U diffusers transformers accelerate"),
  python(isAdapter(model) ? adapterSnippet(model) : pipelineSnippet(model)),
];
