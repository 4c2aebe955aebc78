import type { AppFormat } from "../build/schemas/app.js";
import type { ModelData } from "../model/schema.js";
import type { AppEntry } from "./registry.js";
import { hasGguf, isGguf } from "./gguf-files.js";
import { isChatTask } from "../model/chat.js";
import { shownFor } from "./display.js";

/*
 * What a repository holds, as local apps see it. A repository with only GGUF
 * files is GGUF whatever its tags say: vLLM, SGLang and TGI need the
 * transformers weights themselves.
 */

const WEIGHTS = /\.(safetensors|bin|pt|pth)$/i;

function tagged(model: ModelData, name: string): boolean {
  return model.library_name === name || model.tags.includes(name);
}

/* Quantized checkpoints vLLM and SGLang load whatever the tags say (the hub's rule for them). */
const SERVED_QUANT_METHODS = new Set(["awq", "gptq", "aqlm", "marlin"]);

function servedQuantization(model: ModelData): boolean {
  const quantization = model.config?.quantization_config;
  const method = typeof quantization === "object" && quantization !== null ? (quantization as Record<string, unknown>).quant_method : undefined;
  return typeof method === "string" && SERVED_QUANT_METHODS.has(method);
}

function modelFormats(model: ModelData): Set<AppFormat> {
  const formats = new Set<AppFormat>();
  if (hasGguf(model)) formats.add("gguf");
  if (tagged(model, "mlx")) formats.add("mlx");
  const weights = model.siblings ? model.siblings.some((sibling) => WEIGHTS.test(sibling.rfilename) && !isGguf(sibling.rfilename)) : !formats.has("gguf");
  if ((tagged(model, "transformers") || servedQuantization(model)) && weights && !formats.has("mlx") && isChatTask(model.pipeline_tag))
    formats.add("transformers");
  if (tagged(model, "diffusers") && (model.pipeline_tag === "text-to-image" || model.tags.includes("lora"))) formats.add("diffusers");
  if (model.tags.includes("coreml")) formats.add("coreml");
  return formats;
}

/**
 * GGUF and MLX weights are made for local apps, and hub providers rarely
 * serve them. This one rule, by the repository's files where the metadata
 * lists them, is what the snippet command, `apps --for` and the picker go by.
 */
export function runsLocally(model: ModelData): boolean {
  const formats = modelFormats(model);
  return formats.has("gguf") || formats.has("mlx");
}

/** Whether `app` runs `model`: it loads one of the formats the repository holds, where the hub's display rule shows it. */
function appRuns(app: AppEntry, model: ModelData): boolean {
  const formats = modelFormats(model);
  return app.runs.some((format) => formats.has(format) && shownFor(app, model, format));
}

/** The format an app should load from this model, GGUF first where it reads several. */
export function formatFor(app: AppEntry, model: ModelData): AppFormat | undefined {
  const formats = modelFormats(model);
  const order: AppFormat[] = ["gguf", "mlx", "transformers", "diffusers", "coreml"];
  // vLLM reads both: the transformers weights are its native form.
  if (app.key === "vllm" && formats.has("transformers") && shownFor(app, model, "transformers")) return "transformers";
  return order.find((format) => app.runs.includes(format) && formats.has(format) && shownFor(app, model, format));
}

export function appsForModel(apps: AppEntry[], model: ModelData): AppEntry[] {
  return apps.filter((app) => appRuns(app, model));
}
