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
