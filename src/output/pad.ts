/**
 * `text` padded with spaces to `width` columns as `measure` counts them. The
 * measure is the caller's: off a terminal, output.ts counts characters and so
 * never loads the wide-character tables.
 */
export function padTo(text: string, width: number, measure: (text: string) => number): string {
  return text + " ".repeat(Math.max(0, width - measure(text)));
}
