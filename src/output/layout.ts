import stringWidth from "string-width";
import wrapAnsi from "wrap-ansi";
import { padTo } from "./pad.js";

/*
 * Text laid out for a terminal. Widths are what the terminal shows: colour
 * escapes take no room, wide characters take two columns.
 */

export function visibleWidth(text: string): number {
  return stringWidth(text);
}

/** `text` padded with spaces to `width` visible columns. */
function padVisible(text: string, width: number): string {
  return padTo(text, width, stringWidth);
}

/** Narrower than this, wrapping makes a column of single words: let the terminal fold instead. */
const MIN_ROOM = 20;

/**
 * `text` as the rows it takes when it starts `indent` columns in and must end
 * by `columns`; the caller puts each row at that indent. Broken at spaces only:
 * a word longer than the room (a URL) stays whole, so it can still be copied.
 * Without `columns` (not a terminal), one row.
 */
export function wrapRows(text: string, columns: number | undefined, indent = 0): string[] {
  if (columns === undefined) return [text];
  const room = Math.max(MIN_ROOM, columns - indent);
  if (stringWidth(text) <= room) return [text];
  // Indentation inside the text (pretty-printed JSON) holds for its continuations too.
  const lead = /^[ \t]*/.exec(text)![0];
  return wrapAnsi(text.slice(lead.length), Math.max(MIN_ROOM, room - stringWidth(lead)), { hard: false, trim: true })
    .split("\n")
    .map((row) => lead + row);
}

/** `text` wrapped to `columns`, every row starting with `prefix` (spaces). */
export function indentedRows(text: string, prefix: string, columns: number | undefined): string[] {
  return wrapRows(text, columns, stringWidth(prefix)).map((row) => prefix + row);
}

/**
 * `name  value` lines with the values aligned. A value of several lines
 * continues under the first; with `columns`, long values wrap under
 * themselves too.
 */
export function renderFields(rows: readonly (readonly [string, string])[], style: { bold(text: string): string }, columns?: number): string[] {
  const width = Math.max(...rows.map(([name]) => stringWidth(name)));
  return rows.flatMap(([name, value]) =>
    value
      .split(/\r?\n/)
      .flatMap((part) => wrapRows(part, columns, width + 2))
      .map((row, index) => `${index === 0 ? style.bold(padVisible(name, width)) : " ".repeat(width)}  ${row}`.trimEnd()),
  );
}

/** The fields as text to print: every line of renderFields ended. */
export function fieldsText(rows: readonly (readonly [string, string])[], style: { bold(text: string): string }, columns?: number): string {
  return renderFields(rows, style, columns)
    .map((line) => `${line}\n`)
    .join("");
}
