import type { FitsRequest } from "../hardware/budget.js";
import type { EstimateSettings } from "../memory/options.js";
import { hubIdOf, type ResolveOptions, type ResolvedModel } from "../model/resolve.js";
import type { EstimatePlan, FitsPlan, PlanSource } from "./fits.js";

/*
 * The --fits and --ctx plans for one model argument, read as the printing
 * commands and the picker all read them: from the model's GGUF header when the
 * argument named a hub id, else from its file sizes. What reads headers (zod,
 * the cache) loads only when a plan is asked for.
 */

/** Where a plan's header comes from: the resolved model's hub id, through the command's cache settings. */
function planSource(resolved: ResolvedModel, resolve: ResolveOptions): PlanSource {
  const hubId = hubIdOf(resolved);
  return { ...resolve, ...(hubId !== undefined && { hubId }) };
}

export async function fitsPlanFor(fits: FitsRequest, estimate: EstimateSettings, resolved: ResolvedModel, resolve: ResolveOptions): Promise<FitsPlan> {
  const { fitsPlan } = await import("./fits.js");
  return fitsPlan(resolved.model, fits, estimate, planSource(resolved, resolve));
}

/** The memory each quant needs, without a budget to hold it to (quant-types --for --ctx). */
export async function estimatePlanFor(estimate: EstimateSettings, resolved: ResolvedModel, resolve: ResolveOptions): Promise<EstimatePlan> {
  const { estimatePlan } = await import("./fits.js");
  return estimatePlan(resolved.model, estimate, planSource(resolved, resolve));
}
