import { usageError } from "../errors.js";
import { didYouMean } from "../util/suggest.js";
import { CACHE_TYPE_NAMES, type CacheType } from "./rules.js";

/*
 * `--ctx` and `--cache-type` as typed: checked before any model is read, and
 * without loading what reads headers.
 */

export interface EstimateSettings {
  /** A number of tokens, or `max` for the trained length; absent: the trained length capped at 8,192. */
  ctx?: number | "max";
  cacheType: CacheType;
}

/** `--ctx`: a whole number of tokens (`32768`, `32k` for 32 × 1024), or `max`. */
export function parseContext(text: string): number | "max" {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === "max") return "max";
  const match = /^(\d+)(k?)$/.exec(trimmed);
  const tokens = match ? Number(match[1]) * (match[2] ? 1024 : 1) : Number.NaN;
  if (!(tokens >= 1 && tokens <= 16_777_216)) throw usageError(`--ctx takes a number of tokens from 1 to 16777216, 32k, or max; got '${text}'`);
  return tokens;
}

export function parseCacheType(text: string): CacheType {
  const lower = text.trim().toLowerCase();
  const found = CACHE_TYPE_NAMES.find((name) => name === lower);
  if (!found) throw usageError(`--cache-type takes ${CACHE_TYPE_NAMES.join(", ")}, got '${text}'`, didYouMean(lower, CACHE_TYPE_NAMES));
  return found;
}
