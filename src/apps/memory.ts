import { usageError } from "../errors.js";

/*
 * Sizes in and out: `--fits` reads GB (10^9 bytes) and GiB (2^30) alike, and
 * every message prints decimal units, as the hub shows file sizes.
 */

/**
 * Without a GGUF header (a model file, a header that cannot be read), the
 * memory a quant needs is its file sizes plus this fixed allowance for the
 * KV cache and the compute buffers: 1.5 GB.
 */
export const FITS_ALLOWANCE_BYTES = 1.5e9;

const UNITS: Record<string, number> = {
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

/** `8GB`, `7.5 GiB`, `512MB`: bytes. A number without a unit is refused: GB or GiB matters. */
const MAX_MEMORY_BYTES = 1e15;

export function parseMemorySize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([A-Za-z]+)\s*$/.exec(text);
  const unit = match ? UNITS[match[2]!.toUpperCase()] : undefined;
  if (!match || unit === undefined) throw usageError(`--fits takes a memory size such as 8GB or 16GiB, got '${text}'`);
  const bytes = Number(match[1]) * unit;
  if (!(bytes > 0)) throw usageError(`--fits takes a size above zero, got '${text}'`);
  // No machine has a petabyte of memory; a bigger number is a typo.
  if (!(bytes <= MAX_MEMORY_BYTES)) throw usageError(`--fits takes a size up to 1 PB, got '${text}'`);
  return bytes;
}

export { formatBytes } from "../util/bytes.js";
