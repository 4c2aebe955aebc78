import { usageError } from "../errors.js";
import type { FitsRequest } from "../hardware/budget.js";
import type { EstimateSettings } from "../memory/options.js";
import { allocatedContext, type MemoryPlan } from "../memory/plan.js";
import type { RunSettings } from "../memory/run-settings.js";
import type { ModelData } from "../model/schema.js";
import { hubIdOf, type ResolvedModel } from "../model/resolve.js";
import { quantCatalogue } from "../quant/catalogue.js";
import type { EstimatePlan, FitsPlan, PlanAccess, PlanSource, RunRequest } from "./fits.js";

export type { RunRequest } from "./fits.js";
import { ggufRepo } from "./gguf-files.js";

/*
 * The --fits and --ctx plans for one model argument, read as the printing
 * commands and the picker all read them: from the model's GGUF header when the
 * argument named a hub id, else from its file sizes. What reads headers (zod,
 * the cache) loads only when a plan is asked for.
 */

/** The run settings a command carries for the file chosen, and the plan they come from (with --fits and a header). */
export interface PlannedRun {
  run: RunSettings;
  plan?: MemoryPlan;
  /** Said on stderr. */
  notes: string[];
}

/**
 * The run of one model argument: --fits's plan (which also picks the quant
 * when none is named), or the settings asked without it. `runFor` is called
 * once the file is chosen; a plan's problem (a context beyond the trained
 * length, a V cache flash attention cannot go without) is a usage error.
 */
export interface RunPlanner {
  fits?: FitsPlan;
  /** Said on stderr: the header read, the budget found. */
  notes: string[];
  runFor(model: ModelData, file: string | null): PlannedRun;
}

/** Where a plan's header comes from: the resolved model's hub id, through the command's cache settings. */
function planSource(resolved: ResolvedModel, resolve: PlanAccess): PlanSource {
  const hubId = hubIdOf(resolved);
  return { ...resolve, ...(hubId !== undefined && { hubId }) };
}

export async function fitsPlanFor(
  fits: FitsRequest,
  estimate: EstimateSettings,
  resolved: ResolvedModel,
  resolve: PlanAccess,
  run: RunRequest = {},
): Promise<FitsPlan> {
  const { fitsPlan } = await import("./fits.js");
  return fitsPlan(resolved.model, fits, estimate, planSource(resolved, resolve), run);
}

/** The memory each quant needs, without a budget to hold it to (quant-types --for --ctx). */
export async function estimatePlanFor(estimate: EstimateSettings, resolved: ResolvedModel, resolve: PlanAccess, run: RunRequest = {}): Promise<EstimatePlan> {
  const { estimatePlan } = await import("./fits.js");
  return estimatePlan(resolved.model, estimate, planSource(resolved, resolve), run);
}

/** Whether the command line asked anything of the run. */
export function asksRun(run: RunRequest): boolean {
  return Object.values(run).some((value) => value !== undefined);
}

/**
 * The settings asked, without a plan: the context checked against the
 * trained length (`max` needs it), and flash attention on for a quantized V
 * cache, as llama.cpp needs it.
 */
export function askedSettings(run: RunRequest, trained: { length?: number; reason?: string }): RunSettings {
  const settings: RunSettings = {};
  if (run.ctx === "max" || run.ctx === "fit") {
    if (trained.length === undefined)
      throw usageError(
        `--ctx ${run.ctx} needs the model's trained context length, and ${trained.reason ?? "it is unknown"}`,
        run.ctx === "max" ? "give --ctx a number of tokens, for example --ctx 32k" : "give --ctx a number of tokens with --fits",
      );
    settings.contextSize = allocatedContext(trained.length);
  } else if (run.ctx !== undefined) {
    if (trained.length !== undefined && run.ctx > trained.length)
      throw usageError(`--ctx ${run.ctx} is beyond the model's trained context length (${trained.length})`, `--ctx max is ${trained.length}`);
    settings.contextSize = allocatedContext(run.ctx);
  }
  if (run.cacheTypeK !== undefined) settings.cacheTypeK = run.cacheTypeK;
  if (run.cacheTypeV !== undefined) settings.cacheTypeV = run.cacheTypeV;
  if (run.flashAttention !== undefined) settings.flashAttention = run.flashAttention;
  else if (run.cacheTypeV !== undefined && run.cacheTypeV !== "f16") settings.flashAttention = "on";
  return settings;
}

/**
 * The planner for one model argument, or none when the command line asked
 * nothing of the run (the apps keep their defaults, and no header is read).
 */
export async function runPlannerFor(
  options: { fits?: FitsRequest; estimate: EstimateSettings; run: RunRequest },
  resolved: ResolvedModel,
  resolve: PlanAccess,
): Promise<RunPlanner | undefined> {
  const { fits, estimate, run } = options;
  if (fits !== undefined) {
    const plan = await fitsPlanFor(fits, estimate, resolved, resolve, run);
    return { fits: plan, notes: plan.notes, runFor: (model, file) => plannedRun(model, file, plan, run) };
  }
  if (!asksRun(run)) return undefined;
  // Only the context needs the header: to check it against the trained length, or to know `max`.
  const trained = run.ctx === undefined ? {} : await (await import("./fits.js")).trainedContext(resolved.model, planSource(resolved, resolve));
  const settings = askedSettings(run, trained);
  return { notes: [], runFor: () => ({ run: settings, notes: [] }) };
}

export function plannedRun(model: ModelData, file: string | null, fits: FitsPlan, run: RunRequest): PlannedRun {
  const repo = ggufRepo(model, quantCatalogue());
  const variant = file === null ? undefined : repo.variants.find((candidate) => candidate.files.includes(file));
  if (fits.planFor === undefined || variant === undefined || variant.size === undefined) {
    if (run.ctx === "fit")
      throw usageError(
        "--ctx fit places the quant's layers, and without its GGUF header there are none to place",
        "give the hub id so hubref reads the header, or --ctx a number of tokens",
      );
    const trained = model.gguf?.context_length;
    return {
      run: askedSettings(run, trained === undefined ? { reason: "there is no GGUF header to read it from" } : { length: trained }),
      // The note that there is no header (fits.ts) already says the estimate is file sizes: nothing is placed.
      notes: [],
    };
  }
  const projectors = repo.projectors.map((projector) => projector.size ?? 0);
  const projector = projectors.length > 0 ? Math.min(...projectors) : 0;
  const outcome = fits.planFor(
    {
      ...(variant.label !== null && { quant: variant.label }),
      files: variant.files,
      bytes: variant.size + projector,
      ...(projector > 0 && { projector }),
      ...(variant.shards === 1 && fits.headerFile === variant.file && { headerFileSize: variant.size }),
    },
    fits.planBudget,
  );
  if (outcome.problem) throw usageError(outcome.problem.message);
  return { run: outcome.plan.runSettings, plan: outcome.plan, notes: outcome.plan.notes };
}
