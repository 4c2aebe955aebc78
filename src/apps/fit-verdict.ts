import { judge, type MemoryBudget, type Verdict } from "../hardware/budget.js";
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

export function fitOf(plan: FitsPlan, weights: number, projector: number): QuantFit {
  const estimate = plan.estimateFor(weights, projector);
  return { estimate, verdict: judge(estimate, plan.budget) };
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
