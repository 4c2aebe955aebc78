import { usageError } from "../errors.js";
import type { LocalBlock } from "../blocks/code-block.js";
import { appBlocks } from "../blocks/model-blocks.js";
import { localJson } from "../blocks/json-batch.js";
import type { FitsRequest } from "../hardware/budget.js";
import type { ResolvedModel } from "../model/resolve.js";
import { checkGpuMemoryUtilization, parseKvCacheDtype } from "../serve/serve.js";
import { isServeEngine } from "../serve/engines.js";
import type { ServeRun } from "../serve/run.js";
import { servePlanReport } from "../serve/report.js";
import type { KvCacheDtype } from "../serve/vllm-rules.js";
import { parseDecimal } from "../util/numbers.js";
import { serveNoteText } from "../words/serve-words.js";
import { hubOf, type CommandContext } from "./context.js";
import { servesSafetensors as servesModel } from "../local/serve-format.js";
import { detectedGpu, serveSettingsOf } from "./serve-settings.js";
import { noteLine } from "./names.js";
import type { LocalRequest } from "../local/request.js";
import type { RawServeOptions } from "./snippet-options.js";

/*
 * `snippet MODEL --app vllm|sglang|mlx-lm [--fits HARDWARE] [--ctx N|fit|max]
 * [--kv-cache-dtype D] [--gpu-memory-utilization F]` for a safetensors model:
 * the server's plan (src/serve/), and its command carrying the plan. The
 * parsing of the two flags and the run, apart from the GGUF path of
 * snippet-app.ts, which calls runServeSnippet first.
 */

export interface ServeOptions {
  kvCacheDtype?: KvCacheDtype;
  gpuMemoryUtilization?: number;
}

/** --kv-cache-dtype and --gpu-memory-utilization, checked. */
export function parseServeOptions(raw: RawServeOptions): ServeOptions {
  const options: ServeOptions = {};
  if (raw.kvCacheDtype !== undefined) options.kvCacheDtype = parseKvCacheDtype(raw.kvCacheDtype);
  if (raw.gpuMemoryUtilization !== undefined)
    options.gpuMemoryUtilization = checkGpuMemoryUtilization(parseDecimal(raw.gpuMemoryUtilization) ?? Number.NaN, raw.gpuMemoryUtilization);
  return options;
}

export interface ServeSnippetCommand {
  app: string;
  fits?: FitsRequest;
  run: Pick<LocalRequest, "ctx" | "cacheTypeK" | "cacheTypeV" | "flashAttention">;
  serve: ServeOptions;
  /** Whether --ram, --margin or --prefer was given: the GGUF plan's settings, which a server of safetensors weights has no use for. */
  llamaCppOnly: boolean;
  offline: boolean;
  refresh: boolean;
}

export interface ServeSnippetResult {
  blocks: LocalBlock[];
  notes: string[];
  json: unknown[];
}

/** Whether `app` runs `resolved` as a server of its safetensors weights (not a GGUF file). */
export function servesSafetensors(app: string, resolved: ResolvedModel): boolean {
  return servesModel(app, resolved.model);
}

/**
 * The blocks of a server app for a safetensors model, planned when --fits names the hardware; undefined when
 * this is not that case (another app, or a GGUF file), so snippet-app.ts goes its own way.
 */
export async function runServeSnippet(command: ServeSnippetCommand, resolved: ResolvedModel, context: CommandContext): Promise<ServeSnippetResult | undefined> {
  const asksServe = command.serve.kvCacheDtype !== undefined || command.serve.gpuMemoryUtilization !== undefined;
  if (!servesSafetensors(command.app, resolved)) {
    if (asksServe)
      throw usageError(
        "--kv-cache-dtype and --gpu-memory-utilization set a server's memory for safetensors weights",
        "use them with --app vllm or --app sglang",
      );
    return undefined;
  }
  const engine = command.app;
  if (!isServeEngine(engine)) return undefined;
  const settings = serveSettingsOf(engine, command);
  const { detectedGpuBytes, notes } = await detectedGpu(command.fits, context);
  const { serveRun } = await import("../serve/run.js");
  const run: ServeRun = await serveRun({
    engine,
    model: resolved.model,
    ...(command.fits !== undefined && { fits: command.fits }),
    settings,
    facts: { hub: hubOf(context, command) },
    ...(detectedGpuBytes !== undefined && { detectedGpuBytes }),
  });
  const result = appBlocks(resolved.model, engine, undefined, { serve: run.command });
  notes.push(...run.notes.map(serveNoteText), ...result.notes.map((note) => noteLine(note).text));
  const plan = run.plan;
  const report = plan ? { plan: servePlanReport(plan) } : {};
  return { blocks: result.blocks, notes, json: result.blocks.flatMap((block) => localJson(block).map((step) => ({ ...step, ...report }))) };
}
