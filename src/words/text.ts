/** What a problem says: one line, and the way forward when there is one. */
export interface Text {
  message: string;
  hint?: string;
}

export function said(message: string, hint?: string): Text {
  return hint === undefined ? { message } : { message, hint };
}

/** A duration as messages give it: "15 s", "1.5 s". */
export function seconds(ms: number): string {
  const value = ms / 1000;
  return `${Number.isInteger(value) ? value : Number(value.toFixed(1))} s`;
}
