import { appleGpuShare } from "../hardware/catalogue.js";
import type { FitsRequest } from "../hardware/budget.js";
import type { ModelData } from "../model/schema.js";
import { fail } from "../outcome/problems.js";
import type { ServeEngine } from "../outcome/serve-problems.js";
import { ConfigFaultError, parseModelConfig, type ModelArchitecture } from "../safetensors/config.js";
import { CONFIG_FILE, safetensorsFacts, type SafetensorsRequest } from "../safetensors/model-facts.js";
import { gpuGeneration } from "./gpus.js";
import type { ServeHardware, ServePlan, ServeSettings } from "./plan.js";
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
  const hardware = serveHardware(engine, request.fits, request.detectedGpuBytes);
  const facts = await safetensorsFacts(model, { ...request.facts, engine });
  const plan = planServe({ engine, model: { id: model.id, architecture: architectureOf(model.id, facts.config), weights: facts.weights }, hardware, settings });
  if (!plan.fits) {
    const failure = plan.failure!;
    return fail({
      kind: "serve-no-fit",
      engine,
      id: model.id,
      hardware: hardware.label,
      reason: failure.reason,
      weightsBytes: plan.weightsBytes,
      budgetBytes: plan.terms.requestedBytes,
      context: plan.maxModelLen,
      fitsTokens: Math.max(0, plan.longestFitting),
      ways: failure.ways,
    });
  }
  return {
    command: commandOf(plan, settings),
    plan,
    notes: [
      { kind: "verdict", id: model.id, hardware: hardware.label, plan },
      { kind: "plan-settings", plan },
    ],
  };
}
