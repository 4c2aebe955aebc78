import { formatFor } from "../apps/formats.js";
import { findApp } from "../apps/registry.js";
import type { ModelData } from "../model/schema.js";
import type { ServeEngine } from "../outcome/serve-problems.js";
import { isServeEngine } from "../serve/engines.js";

/*
 * Which owner plans a run: a server app (vLLM, SGLang, MLX LM) that loads the
 * repository's safetensors weights goes to src/serve/; a GGUF file, for
 * any app, stays with the local run here. One answer for every view.
 */

/** Whether `app` runs `model` as a server of its safetensors weights (not a GGUF file). */
export function servesSafetensors(app: string, model: ModelData): app is ServeEngine {
  if (!isServeEngine(app)) return false;
  const format = formatFor(findApp(app), model);
  return format === "transformers" || format === "mlx";
}
