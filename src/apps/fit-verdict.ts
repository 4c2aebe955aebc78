import { usageError } from "../errors.js";
import { describeVerdict, judge, type MemoryBudget, type Verdict } from "../hardware/budget.js";
import type { MemoryPlan } from "../memory/plan.js";
import type { GgufRepo } from "./gguf-files.js";
import { sizeOnlyEstimate, type MemoryEstimate } from "../memory/estimate.js";
import { DEFAULT_CONTEXT_CAP, type CacheType } from "../memory/rules.js";
import type { FitsPlan } from "./fits.js";
import { formatBytes } from "../util/bytes.js";
import { FITS_ALLOWANCE_BYTES } from "./memory.js";

/*
 * Estimates in words and verdicts per quant: what the file selection and the
 * listing need of a plan, apart from the header reading (and zod) behind it.
 */

/** The three terms and the total, as the notes print them. */
export function describeEstimate(estimate: MemoryEstimate): string {
  const weights = `${formatBytes(estimate.weights)} weights${estimate.projector > 0 ? ` (${formatBytes(estimate.projector)} of them the projector)` : ""}`;
  if (estimate.rule === "size-only") return `${weights} + ${formatBytes(estimate.compute)} allowance`;
  const cache =
    estimate.rule === "recurrent"
      ? `${formatBytes(estimate.kvCache)} recurrent state`
      : `${formatBytes(estimate.kvCache)} KV cache (${estimate.ctx.toLocaleString("en-US")} tokens, ${estimate.cacheType}${estimate.rule === "hybrid" ? ", with recurrent state" : ""})`;
  return `${weights} + ${cache} + ${formatBytes(estimate.compute)} compute buffers`;
}

export interface QuantFit {
  estimate: MemoryEstimate;
  verdict: Verdict;
  /** With a header: the plan the verdict comes from (where each layer goes). */
  plan?: MemoryPlan;
}

/** A sized-only plan: the file sizes plus the allowance, against a budget (tests, and metadata without a header). */
export function sizeOnlyPlan(budget: MemoryBudget, cacheType: CacheType = "f16"): FitsPlan {
  const ctx = DEFAULT_CONTEXT_CAP;
  return {
    ctx,
    cacheType,
    notes: [],
    budget,
    planBudget: { gpus: budget.gpu === undefined ? [] : [budget.gpu], ...(budget.system === undefined ? {} : { system: budget.system }) },
    estimateFor: (weights, projector) => sizeOnlyEstimate({ ctx, cacheType, weights, projector }, FITS_ALLOWANCE_BYTES),
  };
}

/**
 * How a quant of `weights` bytes stands against the budget: with a header,
 * by the plan (src/memory/plan.ts) that the command then runs, so the quant
 * chosen, the listing and the command agree; without one, by file sizes.
 */
export function fitOf(plan: FitsPlan, weights: number, projector: number): QuantFit {
  const outcome = plan.planFor?.({ files: [], bytes: weights, ...(projector > 0 && { projector }) }, plan.planBudget);
  if (outcome?.problem) throw usageError(outcome.problem.message);
  if (outcome?.plan) return { estimate: outcome.plan.estimate, verdict: verdictOfPlan(outcome.plan, plan.budget), plan: outcome.plan };
  const estimate = plan.estimateFor(weights, projector);
  return { estimate, verdict: judge(estimate, plan.budget) };
}

/**
 * Whether a plan fits: as planned, or, where the budget names a GPU without
 * the system memory beside it, when every layer runs on the GPU and only
 * expert tensors wait in system memory (what --n-cpu-moe is for; the verdict
 * says how much system memory they take). Whole layers in memory of an
 * unknown size still do not fit.
 */
export function planFits(plan: MemoryPlan, budget: MemoryBudget): boolean {
  if (plan.fits) return true;
  const gpus = plan.devices.filter((device) => device.device !== SYSTEM);
  return budget.system === undefined && plan.placement === "experts" && gpus.length > 0 && gpus.every((device) => device.total <= (device.budget ?? 0));
}

const SYSTEM = "system memory";

/** A plan as the older verdict shape: whole on the GPU, or not (experts in system memory count as offloaded). */
function verdictOfPlan(plan: MemoryPlan, budget: MemoryBudget): Verdict {
  const systemKnown = budget.system !== undefined;
  const fits = planFits(plan, budget);
  if (budget.gpu === undefined) return { fits, systemKnown };
  return { fits, systemKnown, offload: { entirely: plan.placement === "gpu", gpuLayers: plan.gpuLayers, layerCount: plan.layerCount } };
}

/** Where the layers run, in words: "all 48 layers on the GPU", "30 of 48 layers on the GPU, 18 in system memory". */
export function whereItRuns(plan: MemoryPlan): string {
  const count = plan.layerCount;
  switch (plan.placement) {
    case "gpu":
      return `all ${count} layers on the GPU`;
    case "layers":
      return `${plan.gpuLayers} of ${count} layers on the GPU, ${count - plan.gpuLayers} in system memory`;
    case "experts":
      return `all ${count} layers on the GPU, the experts of ${plan.cpuMoeLayers} layers in system memory`;
    case "system":
      return `all ${count} layers in system memory`;
  }
}

/** A quant's fit in words, for the note that says why --fits chose it. */
export function describeFit(fit: QuantFit): string {
  if (!fit.plan) return describeVerdict(fit.verdict);
  const { plan, verdict } = fit;
  if (verdict.fits) return whereItRuns(plan);
  if (!verdict.systemKnown && plan.placement === "layers")
    return `does not fit in GPU memory: ${plan.gpuLayers} of ${plan.layerCount} layers would, the other ${plan.layerCount - plan.gpuLayers} in system memory, whose size --fits does not know`;
  return `does not fit, even with ${whereItRuns(plan)}`;
}

function deviceTotal(device: MemoryPlan["devices"][number]): string {
  return `${formatBytes(device.total)}${device.budget === undefined ? "" : ` of ${formatBytes(device.budget)}`}`;
}

/** The devices that hold something beyond the token embedding and one micro-batch's buffers, or the only one. */
function usedDevices(plan: MemoryPlan): MemoryPlan["devices"] {
  const gpus = plan.devices.filter((device) => device.device !== SYSTEM);
  const system = plan.devices.find((device) => device.device === SYSTEM)!;
  const systemMatters = gpus.length === 0 || plan.placement !== "gpu" || system.budget !== undefined;
  return [...gpus, ...(systemMatters ? [system] : [])];
}

/**
 * The verdict at a terminal, short: the quant, the context, where it runs and
 * the total against the budget; `verbose` adds one line per device with its
 * terms.
 */
export function describePlan(plan: MemoryPlan, budget: MemoryBudget, verbose = false): string[] {
  const cache = plan.cacheTypeK === plan.cacheTypeV ? `${plan.cacheTypeK} cache` : `${plan.cacheTypeK}/${plan.cacheTypeV} K/V cache`;
  const head = `${plan.quant ?? plan.files[0] ?? "the model"} at ${plan.context.toLocaleString("en-US")} tokens (${cache}, flash attention ${plan.flashAttention ? "on" : "off"})`;
  const devices = usedDevices(plan)
    .map((device) => `${device.device} ${deviceTotal(device)}`)
    .join(", ");
  const system = plan.devices.find((device) => device.device === SYSTEM)!;
  const verdict = plan.fits
    ? `fits ${budget.label}`
    : planFits(plan, budget)
      ? `fits ${budget.label}, given ${formatBytes(system.total)} of system memory`
      : `does not fit ${budget.label}`;
  const lines = [`${head} ${verdict}: ${whereItRuns(plan)}; ${devices}`];
  if (verbose)
    for (const device of plan.devices)
      lines.push(
        `${device.device}: ${formatBytes(device.weights)} weights + ${formatBytes(device.kvCache)} KV cache + ${formatBytes(device.compute)} compute buffers = ${deviceTotal(device)}`,
      );
  return lines;
}

/** The plan as --json prints it: what the command runs and the bytes behind the verdict. */
export function planReport(plan: MemoryPlan, budget: MemoryBudget) {
  return {
    quant: plan.quant ?? null,
    files: plan.files,
    budget: budget.label,
    context: plan.context,
    cacheTypeK: plan.cacheTypeK,
    cacheTypeV: plan.cacheTypeV,
    flashAttention: plan.flashAttention,
    layerCount: plan.layerCount,
    gpuLayers: plan.gpuLayers,
    ngl: plan.ngl,
    cpuMoeLayers: plan.cpuMoeLayers,
    placement: plan.placement,
    // Whole bytes: a file's size spread over its layers leaves fractions that mean nothing.
    devices: plan.devices.map(({ device, weights, kvCache, compute, total, budget: bytes }) => ({
      device,
      weights: Math.round(weights),
      kvCache: Math.round(kvCache),
      compute: Math.round(compute),
      total: Math.round(total),
      budget: bytes ?? null,
    })),
    fits: planFits(plan, budget),
    runSettings: plan.runSettings,
  };
}

/** A vision repository runs with a projector: the smallest is counted. */
export function projectorSize(repo: Pick<GgufRepo, "projectors">): number {
  return repo.projectors.length > 0 ? Math.min(...repo.projectors.map((file) => file.size ?? 0)) : 0;
}

/** How a quant stands against the budget: whole in GPU memory (or in memory, without a GPU), only with layers offloaded, or not at all. */
export type FitMark = "fits" | "offloaded" | undefined;

export function fitMarkOf(verdict: Verdict): FitMark {
  if (!verdict.fits) return undefined;
  return verdict.offload?.entirely === false ? "offloaded" : "fits";
}
