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

/** The values, checked; which of them go together is each command's rules (flag-rules.ts). */
export function fitsOptions(raw: { fits?: string; ctx?: string; cacheType?: string }): FitsOptions {
  const estimate: EstimateSettings = { cacheType: raw.cacheType === undefined ? "f16" : parseCacheType(raw.cacheType) };
  if (raw.ctx !== undefined) estimate.ctx = parseContext(raw.ctx);
  return raw.fits === undefined ? { estimate } : { fits: parseFits(raw.fits), estimate };
}
