import type { AppFormat } from "../build/schemas/app.js";
import type { ModelData } from "../model/schema.js";
import type { AppEntry } from "./registry.js";
import { hasGguf, isGguf } from "./gguf-files.js";

/*
 * What a repository holds, as local apps see it. A repository with only GGUF
 * files is GGUF whatever its tags say: vLLM, SGLang and TGI need the
 * transformers weights themselves.
 */

const WEIGHTS = /\.(safetensors|bin|pt|pth)$/i;
const CHAT_TASKS = new Set(["text-generation", "image-text-to-text"]);

function tagged(model: ModelData, name: string): boolean {
  return model.library_name === name || model.tags.includes(name);
}

function modelFormats(model: ModelData): Set<AppFormat> {
  const formats = new Set<AppFormat>();
  if (hasGguf(model)) formats.add("gguf");
  if (tagged(model, "mlx")) formats.add("mlx");
  const weights = model.siblings ? model.siblings.some((sibling) => WEIGHTS.test(sibling.rfilename) && !isGguf(sibling.rfilename)) : !formats.has("gguf");
  if (tagged(model, "transformers") && weights && !formats.has("mlx") && CHAT_TASKS.has(model.pipeline_tag ?? "")) formats.add("transformers");
  if (tagged(model, "diffusers") && model.pipeline_tag === "text-to-image") formats.add("diffusers");
  return formats;
}

/** Whether `app` runs `model`: it loads one of the formats the repository holds. */
function appRuns(app: AppEntry, model: ModelData): boolean {
  const formats = modelFormats(model);
  return app.runs.some((format) => formats.has(format));
}

/** The format an app should load from this model, GGUF first where it reads several. */
export function formatFor(app: AppEntry, model: ModelData): AppFormat | undefined {
  const formats = modelFormats(model);
  const order: AppFormat[] = ["gguf", "mlx", "transformers", "diffusers"];
  // vLLM reads both: the transformers weights are its native form.
  if (app.key === "vllm" && formats.has("transformers")) return "transformers";
  return order.find((format) => app.runs.includes(format) && formats.has(format));
}

export function appsForModel(apps: AppEntry[], model: ModelData): AppEntry[] {
  return apps.filter((app) => appRuns(app, model));
}
