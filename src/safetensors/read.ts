import { claimedHeaderLength, DEFAULT_HEADER_LIMITS, HeaderFaultError, parseSafetensorsHeader, type HeaderLimits, type SafetensorsHeader } from "./header.js";

/*
 * One shard's header from where the file is: a first piece that holds most
 * headers whole (a few hundred tensors of JSON), then, when the length it
 * claims is longer, the rest in one more read. The claimed length is
 * checked against the limit before the second read is asked for.
 */

export type ReadRange = (offset: number, length: number) => Promise<Uint8Array>;

export interface HeaderReadSettings {
  limits: HeaderLimits;
  firstBytes: number;
}

export const DEFAULT_HEADER_READ: HeaderReadSettings = { limits: DEFAULT_HEADER_LIMITS, firstBytes: 512 * 1024 };

export async function readSafetensorsHeader(read: ReadRange, settings: Partial<HeaderReadSettings> = {}): Promise<SafetensorsHeader> {
  const { limits, firstBytes } = { ...DEFAULT_HEADER_READ, ...settings };
  const first = await read(0, firstBytes);
  const length = claimedHeaderLength(first, limits);
  if (first.byteLength >= 8 + length) return parseSafetensorsHeader(first, limits);
  if (first.byteLength < firstBytes) throw new HeaderFaultError({ found: "too-short", bytes: first.byteLength });
  const rest = await read(first.byteLength, 8 + length - first.byteLength);
  const whole = new Uint8Array(first.byteLength + rest.byteLength);
  whole.set(first);
  whole.set(rest, first.byteLength);
  return parseSafetensorsHeader(whole, limits);
}
