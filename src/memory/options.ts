import { fail } from "../outcome/problems.js";
import type { SettingKey } from "../outcome/settings.js";
import { parseCount } from "../util/numbers.js";
import { CACHE_TYPE_NAMES, CONTEXT_PADDING, type CacheType } from "./rules.js";

/*
 * `--ctx`, the cache types and memory sizes as typed, for the command line
 * and the library alike: checked before any model is read, and without
 * loading what reads headers. A bad value is a problem record naming the
 * setting; the edge words it.
 */

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
  if (tokens === undefined || tokens < 1 || tokens > MAX_CONTEXT) fail({ kind: "ctx-unreadable", text });
  if (tokens < CONTEXT_PADDING) fail({ kind: "ctx-below-minimum", ctx: tokens, minimum: CONTEXT_PADDING });
  return tokens;
}

/** A KV cache type, for `setting` (`--cache-type`, `--cache-type-k`, `--cache-type-v`). */
export function parseCacheType(text: string, setting: Extract<SettingKey, "cacheType" | "cacheTypeK" | "cacheTypeV"> = "cacheType"): CacheType {
  const lower = text.trim().toLowerCase();
  const found = CACHE_TYPE_NAMES.find((name) => name === lower);
  if (!found) fail({ kind: "cache-type-unknown", setting, text, choices: CACHE_TYPE_NAMES });
  return found;
}

/** Memory units as sizes are written: decimal (GB) and binary (GiB); a bare G is a GB. */
export const SIZE_UNITS: Readonly<Record<string, number>> = {
  B: 1,
  KB: 1e3,
  MB: 1e6,
  GB: 1e9,
  TB: 1e12,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  KIB: 2 ** 10,
  MIB: 2 ** 20,
  GIB: 2 ** 30,
  TIB: 2 ** 40,
};

/** No machine has a petabyte of memory: a larger size is a typo. */
const MAX_SIZE = 1e15;

/** Memory as it is sold: its "GB" are GiB, so 32GB of RAM is 32 × 2^30 bytes. */
const SOLD_UNITS: Readonly<Record<string, number>> = { GB: 2 ** 30, G: 2 ** 30, TB: 2 ** 40, T: 2 ** 40 };

/**
 * A memory size with its unit (`32GB`, `1.5GiB`, `512MB`), in bytes; undefined
 * when `text` is none. A number without a unit is refused: GB or GiB matters.
 * `zero` allows `0` with a unit (a margin of nothing); `sold` reads GB and TB
 * as memory modules are sold, in GiB and TiB.
 */
export function readMemorySize(text: string, zero = false, sold = false): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([A-Za-z]+)\s*$/.exec(text);
  if (!match) return undefined;
  const name = (match[2] ?? "").toUpperCase();
  const unit = (sold ? SOLD_UNITS[name] : undefined) ?? SIZE_UNITS[name];
  if (unit === undefined) return undefined;
  const bytes = Number(match[1]) * unit;
  if (!(bytes > 0 || (zero && bytes === 0)) || !(bytes <= MAX_SIZE)) return undefined;
  return Math.round(bytes);
}

/** `--ram` (in GB as memory is sold) or `--margin` (in the units given): a size, or the problem that names the setting. */
export function parseMemorySetting(text: string, setting: Extract<SettingKey, "ram" | "margin">): number {
  const bytes = readMemorySize(text, setting === "margin", setting === "ram");
  if (bytes === undefined) fail({ kind: "size-unreadable", setting, text });
  return bytes;
}
