/**
 * Sizes in messages, tables and notes, in decimal units as the hub shows them
 * (1 MB = 1,000,000 bytes, 1 GB = 10^9): one formatter, so a limit and the
 * size it refuses can never be in two unit systems. Input may say GiB
 * (parseMemorySize); output never does.
 */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(1)} kB`;
  return `${bytes} B`;
}

/** Memory units as sizes are written: decimal (GB) and binary (GiB); a bare G is a GB. */
export const MEMORY_UNITS: Readonly<Record<string, number>> = {
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
export const MAX_MEMORY_BYTES = 1e15;

/** `8GB`, `7.5 GiB`, `512MB`: bytes, by `units`; undefined for a number without a unit (GB or GiB matters) or anything else. */
export function sizeInUnits(text: string, units: Readonly<Record<string, number>> = MEMORY_UNITS): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([A-Za-z]+)\s*$/.exec(text);
  const unit = match ? units[match[2]!.toUpperCase()] : undefined;
  return unit === undefined ? undefined : Number(match![1]) * unit;
}
