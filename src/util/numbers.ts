/*
 * Numbers typed by a person on the command line. Number() alone reads '0x10'
 * as 16, '' as 0 and 'Infinity' as a number: a typo would reach the code as
 * another value. These take decimal notation as people write it (`.5`, `5.`,
 * an exponent such as `1e-1`) and nothing else; the caller checks the range.
 */

const DECIMAL = /^(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
const COUNT = /^((?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([km]?)$/i;

/** A non-negative decimal number, or undefined when `text` is not one. */
export function parseDecimal(text: string): number | undefined {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * A whole count, with an optional `k` or `M` suffix (either case) worth `k`
 * and `k * k`: 1024 where tokens are counted (`32k` of context is 32768),
 * 1000 elsewhere. Undefined when `text` is not a whole count.
 */
export function parseCount(text: string, k: 1000 | 1024): number | undefined {
  const match = COUNT.exec(text.trim());
  if (!match) return undefined;
  const scale = { "": 1, k, m: k * k }[match[2]!.toLowerCase() as "" | "k" | "m"];
  const value = Number(match[1]) * scale;
  return Number.isSafeInteger(value) ? value : undefined;
}
