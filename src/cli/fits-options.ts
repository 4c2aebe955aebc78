import { usageError } from "../errors.js";
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
