import { isUsageError } from "../errors.js";
import { planFits, planReport } from "../apps/fit-verdict.js";
import { planBudgetOf, type FitsPlan, type RunRequest } from "../apps/fits.js";
import { asksRun, plannedRun } from "../apps/fits-plan.js";
import { budgetOf, type FitsRequest, type MemoryBudget } from "../hardware/budget.js";
import type { DetectSettings } from "../hardware/detect.js";
import type { EstimateSettings } from "../memory/options.js";
import type { MemoryPlan } from "../memory/plan.js";
import { estimateSpeed, formatSpeed, speedReport, type SpeedEstimate, type SpeedReport } from "../memory/speed.js";
import type { ResolvedModel } from "../model/resolve.js";
import type { PlanAccess } from "../apps/fits.js";
import type { ModelData } from "../model/schema.js";

/*
 * One quant of a repository against a budget: the plan `snippet ID --app
 * llama.cpp --fits … --quant Q` runs (plannedRun), whether it fits, and the
 * speed estimated for it. `models --fits` judges the quant it chose with it,
 * `hubref model ID --fits` every quant, and the models browser its rows, so
 * the three never disagree with the command they lead to.
 */

export interface QuantVerdict {
  plan: MemoryPlan;
  fits: boolean;
  speed?: SpeedEstimate;
}

/**
 * The verdict for the quant whose files include `file`; undefined without a
 * header (nothing to place). A plan's problem (a context beyond the trained
 * length) is thrown as the usage error the snippet command exits with.
 */
export function quantVerdict(model: ModelData, file: string, plan: FitsPlan, run: RunRequest, parameters?: number): QuantVerdict | undefined {
  const planned = plannedRun(model, file, plan, run);
  if (!planned.plan) return undefined;
  const speed = plan.budget.speed && plan.facts ? estimateSpeed(planned.plan, plan.facts, plan.budget.speed, parameters ?? model.gguf?.total) : undefined;
  return { plan: planned.plan, fits: planFits(planned.plan, plan.budget), ...(speed && { speed }) };
}

/** Where the layers run, short: "GPU", "28/32 layers GPU", "GPU, experts of 12/48 layers in RAM", "CPU". */
export function placementWords(plan: MemoryPlan, hasGpu: boolean): string {
  switch (plan.placement) {
    case "gpu":
      return "GPU";
    case "layers":
      return `${plan.gpuLayers}/${plan.layerCount} layers GPU`;
    case "experts":
      return `GPU, experts of ${plan.cpuMoeLayers}/${plan.layerCount} layers in RAM`;
    case "system":
      return hasGpu ? "CPU" : "memory";
  }
}

/** What `hubref model ID` is asked: --fits (absent: this machine, when a GPU or Apple chip is found), --ctx and the cache settings. */
export interface QuantFitsRequest {
  fits?: FitsRequest;
  estimate: EstimateSettings;
  run: RunRequest;
  detect?: Partial<DetectSettings>;
}

/** One quant's fit as the model page shows it. */
export interface QuantFitRow {
  fits: boolean;
  /** Where it runs, short (placementWords). */
  runs: string;
  /** `≈ 85 tok/s`, where the bandwidth is known. */
  speed?: string;
}

export interface QuantFits {
  /** "on RTX 4090, 24 GB (25.77 GB), at 8,192 tokens of context; speeds are estimates". */
  heading: string;
  /** One per quant given, in order; absent when the header could not be read or the plan has a problem. */
  rows?: QuantFitRow[];
  /** Said on stderr: what auto found, the header read, why there are no fit columns. */
  notes: string[];
  /** What --json carries. */
  report: {
    budget: string;
    context: number | null;
    quants: { quant: string | null; file: string; fits: boolean; runs: string; speed: SpeedReport | null; plan: ReturnType<typeof planReport> }[] | null;
    why?: string;
  };
}

// The speed's --json shape and its words are the speed estimate's own (src/memory/speed.ts); the commands take them from here.
export { speedReport, type SpeedReport };

/** The budget: named, or found (said once); undefined when nothing was asked and no GPU or Apple chip was found. */
async function quantBudget(request: QuantFitsRequest, resolve: PlanAccess): Promise<{ budget: MemoryBudget; fits: FitsRequest; notes: string[] } | undefined> {
  if (request.fits !== undefined && request.fits.kind !== "auto") return { budget: budgetOf(request.fits), fits: request.fits, notes: [] };
  const asked = request.fits !== undefined || asksRun(request.run);
  const { autoSpeedNote, detectMachine, foundNotes } = await import("../hardware/detect.js");
  const detected = await detectMachine({ env: {}, ...resolve.detect, ...request.detect });
  // Unasked, a machine without a GPU gets no fit columns: every quant "fits" in system memory says little.
  if (!asked && detected.budget.gpu === undefined) return undefined;
  return { budget: detected.budget, fits: { kind: "auto" }, notes: [...foundNotes(detected, asked), autoSpeedNote(detected)] };
}

/**
 * `hubref model ID`'s fit columns: one header read for the repository (every
 * quant shares it; cached with the metadata), then each quant planned as the
 * snippet command plans it with --quant.
 */
export async function judgeQuants(
  request: QuantFitsRequest,
  resolved: ResolvedModel,
  quants: readonly { quant: string | null; file: string }[],
  resolve: PlanAccess,
): Promise<QuantFits | undefined> {
  // A model file has no header to read: unasked, its page stays as it was rather than gain a note.
  const asked = request.fits !== undefined || asksRun(request.run);
  if (!asked && resolved.source.kind !== "hub") return undefined;
  const found = await quantBudget(request, resolve);
  if (!found) return undefined;
  const { budget, notes } = found;
  const { estimatePlanFor } = await import("../apps/fits-plan.js");
  const estimate = await estimatePlanFor(request.estimate, resolved, resolve, request.run);
  const plan: FitsPlan = { ...estimate, budget, planBudget: planBudgetOf(budget, found.fits) };
  const without = (why: string): QuantFits => ({
    heading: budget.label,
    notes: [...notes, `${why}: the quants are listed without whether they fit`],
    report: { budget: budget.label, context: null, quants: null, why },
  });
  if (plan.planFor === undefined) return without(estimate.notes[0]?.replace(/[;:] the estimate counts .*$/, "") ?? "the GGUF header could not be read");
  const hasGpu = budget.gpu !== undefined;
  const judged: { quant: string | null; file: string; verdict: QuantVerdict }[] = [];
  try {
    for (const quant of quants) {
      const verdict = quantVerdict(resolved.model, quant.file, plan, request.run);
      if (verdict) judged.push({ ...quant, verdict });
    }
  } catch (error) {
    // A problem of the run asked (a context beyond the trained length) is every quant's: one note.
    if (!isUsageError(error)) throw error;
    return without(error.message);
  }
  if (judged.length !== quants.length) return without("some quants have no size to plan");
  notes.push(...estimate.notes);
  const context = judged[0]?.verdict.plan.context;
  return {
    heading: `${budget.label}${context === undefined ? "" : `, at ${context.toLocaleString("en-US")} tokens of context`}${budget.speed ? "; speeds are estimates" : ""}`,
    rows: judged.map(({ verdict }) => ({
      fits: verdict.fits,
      runs: placementWords(verdict.plan, hasGpu),
      ...(verdict.speed && { speed: formatSpeed(verdict.speed.generation) }),
    })),
    notes,
    report: {
      budget: budget.label,
      context: context ?? null,
      quants: judged.map(({ quant, file, verdict }) => ({
        quant,
        file,
        fits: verdict.fits,
        runs: placementWords(verdict.plan, hasGpu),
        speed: speedReport(verdict.speed),
        plan: planReport(verdict.plan, budget),
      })),
    },
  };
}
