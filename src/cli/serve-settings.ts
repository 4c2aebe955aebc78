import { noteLine } from "./names.js";
import { usageError } from "../errors.js";
import { findApp } from "../apps/registry.js";
import type { FitsRequest } from "../hardware/budget.js";
import type { LocalRequest } from "../local/request.js";
import type { ServeEngine } from "../outcome/serve-problems.js";
import type { ServeSettings } from "../serve/plan.js";
import type { CommandContext } from "./context.js";

/*
 * What the commands that plan a server (snippet --app vllm, model --fits,
 * models --fits --app vllm) take from the flags they share with a GGUF run:
 * --ctx as the context, llama.cpp's own settings refused; and the GPU that
 * --fits auto finds here.
 */

/** The flags a server's plan reads. */
export interface ServeFlags {
  run: Pick<LocalRequest, "ctx" | "cacheTypeK" | "cacheTypeV" | "flashAttention">;
  serve: { kvCacheDtype?: ServeSettings["kvCacheDtype"]; gpuMemoryUtilization?: number };
  /** Whether --ram, --margin or --prefer was given. */
  llamaCppOnly: boolean;
}

/** The plan's settings from the flags, refusing llama.cpp's own (a server of safetensors weights has no use for them). */
export function serveSettingsOf(engine: ServeEngine, command: ServeFlags): ServeSettings {
  const asksServe = command.serve.kvCacheDtype !== undefined || command.serve.gpuMemoryUtilization !== undefined;
  if (command.run.cacheTypeK !== undefined || command.run.cacheTypeV !== undefined || command.run.flashAttention !== undefined)
    throw usageError(
      `the cache types and flash attention are llama.cpp's settings, which ${findApp(engine).prettyLabel} does not take`,
      engine === "mlx-lm" ? "leave them out" : "for an 8-bit KV cache use --kv-cache-dtype fp8",
    );
  if (command.llamaCppOnly)
    throw usageError(
      `--ram, --margin and --prefer choose and place a GGUF file, and ${findApp(engine).prettyLabel} serves the safetensors weights on the GPUs named`,
      "leave them out",
    );
  if (engine === "mlx-lm" && asksServe) throw usageError("MLX LM has no --kv-cache-dtype or --gpu-memory-utilization", "leave them out with --app mlx-lm");
  return {
    ...(command.run.ctx !== undefined && { context: command.run.ctx }),
    ...(command.serve.kvCacheDtype !== undefined && { kvCacheDtype: command.serve.kvCacheDtype }),
    ...(command.serve.gpuMemoryUtilization !== undefined && { gpuMemoryUtilization: command.serve.gpuMemoryUtilization }),
  };
}

/** The GPU memory --fits auto finds here, with what was found said as notes; nothing for other hardware. */
export async function detectedGpu(fits: FitsRequest | undefined, context: CommandContext): Promise<{ detectedGpuBytes?: number; notes: string[] }> {
  if (fits?.kind !== "auto") return { notes: [] };
  const { detectMachine, detectedNotes } = await import("../hardware/detect.js");
  const detected = await detectMachine({ env: context.env });
  // A server's plan has no speed: what was found and skipped only.
  const notes = detectedNotes(detected).flatMap((note) => (note.kind === "auto-speed" ? [] : [noteLine(note).text]));
  return { notes, ...(detected.budget.gpu !== undefined && { detectedGpuBytes: detected.budget.gpu }) };
}
