import type { OutputStream } from "./output.js";

/*
 * stderr's message lines (`note:`, `warning:`, `error:`, `hint:`) for a
 * person at a terminal: a long one wraps at spaces to the terminal's width,
 * its continuations indented under the text after the prefix, instead of the
 * terminal folding it mid-word at the first column. Anywhere else (a pipe, a
 * file) each message stays on one line, since scripts read one line per note.
 * The text is already through the sanitiser (terminal-text.ts) when it gets
 * here; laying it out changes only where lines break.
 */

const PREFIX = /^(?:note|warning|error|hint): /;

/** Rows of `text` starting `indent` columns in, ending by `columns` (layout.ts's wrapRows). */
export type WrapRows = (text: string, columns: number | undefined, indent: number) => string[];

/** One written chunk with each message line wrapped; other lines (a spinner's, the picker's summary) pass as they are. */
export function wrapMessages(text: string, columns: number | undefined, wrapRows: WrapRows): string {
  if (columns === undefined) return text;
  return text
    .split("\n")
    .map((line) => {
      const prefix = PREFIX.exec(line)?.[0];
      if (prefix === undefined) return line;
      const [first = "", ...rest] = wrapRows(line.slice(prefix.length), columns, prefix.length);
      return [prefix + first, ...rest.map((row) => " ".repeat(prefix.length) + row)].join("\n");
    })
    .join("\n");
}

/**
 * `stream` as commands write messages to it: at a terminal, message lines
 * wrap to its width at the time of writing; elsewhere, `stream` itself. The
 * width helpers load only at a terminal.
 */
export async function messageStream(stream: OutputStream): Promise<OutputStream> {
  if (!stream.isTTY) return stream;
  const { wrapRows } = await import("./layout.js");
  const wrapped: OutputStream = {
    write: (text) => stream.write(wrapMessages(text, stream.columns, wrapRows)),
    isTTY: true,
    // A getter: the terminal may be resized between two messages.
    get columns() {
      return stream.columns;
    },
  };
  const once = stream.once?.bind(stream);
  if (once) wrapped.once = once;
  return wrapped;
}
