import type { ServeEngine } from "../outcome/serve-problems.js";

/** The apps whose safetensors runs src/serve/ plans: a module of its own, so parsing a flag loads no planner. */
export const SERVE_ENGINES = ["vllm", "sglang", "mlx-lm"] as const satisfies readonly ServeEngine[];

export function isServeEngine(key: string): key is ServeEngine {
  return (SERVE_ENGINES as readonly string[]).includes(key);
}
