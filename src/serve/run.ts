import { appleGpuShare } from "../hardware/catalogue.js";
import type { FitsRequest } from "../hardware/budget.js";
import type { ModelData } from "../model/schema.js";
import { fail, isFailure, type Problem } from "../outcome/problems.js";
import type { ServeEngine } from "../outcome/serve-problems.js";
import { ConfigFaultError, parseModelConfig, type ModelArchitecture } from "../safetensors/config.js";
import { CONFIG_FILE, safetensorsFacts, type SafetensorsFacts, type SafetensorsRequest } from "../safetensors/model-facts.js";
import { gpuGeneration } from "./gpus.js";
import type { ServeHardware, ServeModel, ServePlan, ServeSettings } from "./plan.js";
import { quantizedAlternative } from "./quantized.js";
import { planServe } from "./serve.js";

/*
 * A safetensors model on a server, from the request to what the command
 * carries: the repository's facts (read only when a plan or the trained
 * length is asked for), the plan on the hardware named, and the settings
 * the server's command takes from it. A plan that does not fit is a
 * problem naming what would.
 */

/** What a server's command is told, in neutral terms: each app's steps spell them in its own flags. */
export interface ServeCommand {
  /** A context in tokens, or `auto` (vLLM's own fit after loading). */
  context?: number | "auto";
  tensorParallelSize?: number;
  /** vLLM's --gpu-memory-utilization, SGLang's --mem-fraction-static. */
  memoryShare?: number;
  kvCacheDtype?: string;
}

/** What a run has to say, as data; serve-words.ts words it. */
export type ServeNote = { kind: "verdict"; id: string; hardware: string; plan: ServePlan } | { kind: "plan-settings"; plan: ServePlan };

export interface ServeRunRequest {
  engine: ServeEngine;
  model: ModelData;
  fits?: FitsRequest;
  settings: ServeSettings;
  facts: SafetensorsRequest;
  /** The GPU memory --fits auto found here, when it asks (the caller detects it). */
  detectedGpuBytes?: number;
}

export interface ServeRun {
  command: ServeCommand;
  plan?: ServePlan;
  notes: ServeNote[];
}

const SOLD_GB = 2 ** 30;

/** The hardware --fits names, as a plan reads it. */
export function serveHardware(engine: ServeEngine, fits: FitsRequest, detectedGpuBytes?: number): ServeHardware {
  if (fits.kind === "size") return { label: fits.text, name: fits.text, kind: "size", count: 1, memoryBytes: fits.bytes, generation: "ampere" };
  if (fits.kind === "auto") {
    if (!detectedGpuBytes)
      return fail({ kind: "serve-hardware-unsupported", engine, hardware: "this machine (no GPU found)", needs: engine === "mlx-lm" ? "apple" : "gpu" });
    return { label: "the GPUs found here", name: "this machine's GPU", kind: "size", count: 1, memoryBytes: detectedGpuBytes, generation: "ampere" };
  }
  const { device, count, memoryGB } = fits.hardware;
  const each = memoryGB * SOLD_GB;
  const label = `${count > 1 ? `${count}× ` : ""}${device.name}, ${memoryGB} GB${count > 1 ? " each" : ""}`;
  if (device.kind === "apple")
    return { label, name: device.name, kind: "apple", count, memoryBytes: each, gpuShareBytes: appleGpuShare(each), generation: "ampere" };
  if (device.kind === "cpu") return { label, name: device.name, kind: "cpu", count, memoryBytes: each, generation: "ampere" };
  return { label, name: device.name, kind: "gpu", count, memoryBytes: each, generation: gpuGeneration(device.name) };
}

/** The hardware --fits names, refused when the engine does not run on it (vLLM and SGLang on GPUs, MLX LM on Apple chips). */
export function checkedServeHardware(engine: ServeEngine, fits: FitsRequest, detectedGpuBytes?: number): ServeHardware {
  const hardware = serveHardware(engine, fits, detectedGpuBytes);
  const needs = engine === "mlx-lm" ? "apple" : "gpu";
  if (hardware.kind !== "size" && hardware.kind !== needs) fail({ kind: "serve-hardware-unsupported", engine, hardware: hardware.label, needs });
  return hardware;
}

function architectureOf(id: string, config: unknown): ModelArchitecture {
  try {
    return parseModelConfig(config);
  } catch (error) {
    if (error instanceof ConfigFaultError) return fail({ kind: "model-config-invalid", id, file: CONFIG_FILE, ...error.fault });
    throw error;
  }
}

/** The command's settings from a plan that fits: each one the plan chose or the user asked. */
function commandOf(plan: ServePlan, settings: ServeSettings): ServeCommand {
  return {
    context: plan.maxModelLen,
    ...(plan.tensorParallelSize > 1 && { tensorParallelSize: plan.tensorParallelSize }),
    ...(settings.gpuMemoryUtilization !== undefined && { memoryShare: settings.gpuMemoryUtilization }),
    ...(settings.kvCacheDtype !== undefined && settings.kvCacheDtype !== "auto" && { kvCacheDtype: settings.kvCacheDtype }),
  };
}

/** The plan on hardware named, with what a command runs from it when it fits, or the problem naming what would. */
export interface ServeVerdict {
  hardware: ServeHardware;
  plan: ServePlan;
  /** When it fits. */
  command?: ServeCommand;
  /** When it does not: the `serve-no-fit` record, its ways forward with a quantized repository where the hub lists one that fits. */
  problem?: Problem;
}

export type ServeVerdictRequest = ServeRunRequest & {
  fits: FitsRequest;
  /** Whether a plan that does not fit looks for a quantized repository of the model (one more search); default true. */
  alternatives?: boolean;
};

function modelOf(model: ModelData, facts: SafetensorsFacts): ServeModel {
  return { id: model.id, architecture: architectureOf(model.id, facts.config), weights: facts.weights };
}

/**
 * The one serving plan every view shows (snippet, the model page, models --fits, the library, MCP): the facts read
 * (cached), the plan on the hardware, and when it does not fit, the problem naming what would. Throws a Failure for
 * what cannot be planned at all (no safetensors, a config without the sizes, heads that do not split).
 */
export async function serveVerdict(request: ServeVerdictRequest): Promise<ServeVerdict> {
  const { engine, model, settings } = request;
  const hardware = serveHardware(engine, request.fits, request.detectedGpuBytes);
  const read = (data: ModelData) => safetensorsFacts(data, { ...request.facts, engine });
  const plan = planServe({ engine, model: modelOf(model, await read(model)), hardware, settings });
  if (plan.fits) return { hardware, plan, command: commandOf(plan, settings) };
  const failure = plan.failure!;
  const ways = [...failure.ways];
  const { hub } = request.facts;
  const quantized =
    request.alternatives === false
      ? undefined
      : await quantizedAlternative(model.id, hub, read, (facts, id) => {
          try {
            return planServe({ engine, model: modelOf({ ...model, id }, facts), hardware, settings }).fits;
          } catch (error) {
            if (isFailure(error)) return false;
            throw error;
          }
        });
  if (quantized !== undefined) ways.push({ kind: "quantized-repo", id: quantized });
  const problem: Problem = {
    kind: "serve-no-fit",
    engine,
    id: model.id,
    hardware: hardware.label,
    reason: failure.reason,
    weightsBytes: plan.weightsBytes,
    budgetBytes: plan.terms.requestedBytes,
    context: plan.maxModelLen,
    fitsTokens: Math.max(0, plan.longestFitting),
    ways,
  };
  return { hardware, plan: { ...plan, failure: { ...failure, ways } }, problem };
}

/** What `snippet --app vllm|sglang|mlx-lm` runs: without hardware, the command as asked; with it, the verdict, failing when it does not fit. */
export async function serveRun(request: ServeRunRequest): Promise<ServeRun> {
  const { engine, model, settings } = request;
  const asked: ServeCommand = {
    ...(settings.gpuMemoryUtilization !== undefined && { memoryShare: settings.gpuMemoryUtilization }),
    ...(settings.kvCacheDtype !== undefined && settings.kvCacheDtype !== "auto" && { kvCacheDtype: settings.kvCacheDtype }),
  };
  if (request.fits === undefined) {
    if (typeof settings.context === "number") return { command: { ...asked, context: settings.context }, notes: [] };
    if (settings.context === "max") {
      const facts = await safetensorsFacts(model, { ...request.facts, engine });
      return { command: { ...asked, context: architectureOf(model.id, facts.config).trainedContext }, notes: [] };
    }
    // No hardware named: vLLM's command fits the context to its pool after loading (servers.ts says so).
    return { command: asked, notes: [] };
  }
  const verdict = await serveVerdict({ ...request, fits: request.fits });
  if (verdict.problem) return fail(verdict.problem);
  const { plan, hardware } = verdict;
  return {
    command: verdict.command!,
    plan,
    notes: [
      { kind: "verdict", id: model.id, hardware: hardware.label, plan },
      { kind: "plan-settings", plan },
    ],
  };
}
