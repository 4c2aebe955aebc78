import { usageError } from "../errors.js";
import { isModelFile, type ResolveOptions } from "../model/resolve.js";
import type { ModelData } from "../model/schema.js";
import type { FitsPlan } from "../apps/fits.js";
import { parseCacheType, parseContext, type EstimateSettings } from "../memory/options.js";
import { parseFits, type FitsRequest } from "../hardware/budget.js";

/*
 * --fits with --ctx and --cache-type, as `snippet --app` and `quant-types
 * --for` both take them: parsed once, before any model is read.
 */

export interface FitsOptions {
  fits?: FitsRequest;
  estimate: EstimateSettings;
}

/** `alone`: --ctx and --cache-type mean something without --fits (quant-types --for estimates every quant). */
export function fitsOptions(raw: { fits?: string; ctx?: string; cacheType?: string }, alone = false): FitsOptions {
  if (!alone && raw.fits === undefined && (raw.ctx !== undefined || raw.cacheType !== undefined))
    throw usageError("--ctx and --cache-type go with --fits", "for example: --fits 16GB --ctx 32768");
  const estimate: EstimateSettings = { cacheType: raw.cacheType === undefined ? "f16" : parseCacheType(raw.cacheType) };
  if (raw.ctx !== undefined) estimate.ctx = parseContext(raw.ctx);
  return raw.fits === undefined ? { estimate } : { fits: parseFits(raw.fits), estimate };
}

/** A hub id's header can be read; a model file or stdin has none. */
export function isHubArgument(arg: string): boolean {
  return arg !== "-" && !isModelFile(arg) && !/\.json$/i.test(arg);
}

/**
 * The --fits plan for one model, read as the printing commands and the picker
 * all read it: from the model's GGUF header when `arg` is a hub id, else from
 * its file sizes. What reads headers (zod, the cache) loads only here.
 */
export async function fitsPlanFor(fits: FitsRequest, estimate: EstimateSettings, model: ModelData, arg: string, resolve: ResolveOptions): Promise<FitsPlan> {
  const { fitsPlan } = await import("../apps/fits.js");
  return fitsPlan(model, fits, estimate, { ...resolve, ...(isHubArgument(arg) ? { hubId: model.id } : {}) });
}
