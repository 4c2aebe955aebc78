/** How long a Retry-After header asks to wait, in ms; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Date.parse reads bare numbers and odd fragments as dates; an HTTP date always names a month.
  if (!/[A-Za-z]{3}/.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Exponential backoff with jitter: attempt 0 waits between base/2 and base,
 * each later attempt twice as long, never more than `max`. The jitter keeps
 * many clients that failed together from retrying together.
 */
export function backoffMs(attempt: number, base: number, max: number, random: () => number): number {
  const ceiling = Math.min(max, base * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Seconds for messages: "1.5 s", "30 s". */
export function seconds(ms: number): string {
  const value = ms / 1000;
  return `${Number.isInteger(value) ? value : Number(value.toFixed(1))} s`;
}
