/** Every size limit in messages is in one unit, MB of 1024 × 1024 bytes, so two messages never disagree. */
export function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return `${Number(value.toFixed(value < 1 ? 3 : 1))} MB`;
}
