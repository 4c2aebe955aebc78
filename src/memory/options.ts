import { usageError } from "../errors.js";
import { didYouMean } from "../util/suggest.js";
import { parseCount } from "../util/numbers.js";
import { CACHE_TYPE_NAMES, CONTEXT_PADDING, type CacheType } from "./rules.js";

/*
 * `--ctx` and the cache types as typed, for the command line and the library
 * alike: checked before any model is read, and without loading what reads
 * headers.
 */

export interface EstimateSettings {
  /** A number of tokens, or `max` for the trained length; absent: the trained length capped at 8,192. */
  ctx?: number | "max";
  cacheType: CacheType;
}

/** The most tokens --ctx takes: beyond any trained length, so a typo with too many digits is caught here. */
const MAX_CONTEXT = 16_777_216;

/**
 * `--ctx`: tokens as people write them (`32768`, `32k`, `1M`, a context's k
 * being 1024 tokens), `max` for the trained length, or `fit`.
 */
export function parseContext(text: string): number | "max" | "fit" {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === "max" || trimmed === "fit") return trimmed;
  const tokens = parseCount(trimmed, 1024);
  if (tokens === undefined || tokens < 1 || tokens > MAX_CONTEXT)
    throw usageError(`--ctx takes a number of tokens (32768, 32k, 1M), max or fit; got '${text}'`);
  if (tokens < CONTEXT_PADDING) throw usageError(`--ctx ${text.trim()} is below ${CONTEXT_PADDING} tokens, llama.cpp's smallest context`);
  return tokens;
}

/** A KV cache type, for `flag` (`--cache-type`, `--cache-type-k`, `--cache-type-v`). */
export function parseCacheType(text: string, flag = "--cache-type"): CacheType {
  const lower = text.trim().toLowerCase();
  const found = CACHE_TYPE_NAMES.find((name) => name === lower);
  if (!found) throw usageError(`${flag} takes ${CACHE_TYPE_NAMES.join(", ")}, got '${text}'`, didYouMean(lower, CACHE_TYPE_NAMES));
  return found;
}
