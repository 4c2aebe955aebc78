/**
 * Shell words for untrusted values: single quotes, inside which the shell
 * expands nothing; a `'` is written as `'\''` (close, escaped quote, reopen).
 */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

/** A word that needs no quotes is left bare, for readability (`pip install torch`). */
export function shellWord(text: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(text) ? text : shellQuote(text);
}

/** A `#` comment line that stays one line whatever the text holds. */
export function shellComment(text: string): string {
  return `# ${text.replace(/[\r\n\u2028\u2029\u0085]+/g, " ")}`;
}
