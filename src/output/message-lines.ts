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

/**
 * The width to wrap at: none where the terminal does not say. A terminal
 * that reports 0×0 (a serial console, some containers' ptys) has not said,
 * and wrapping at the narrowest width would fold every note into a column.
 */
function knownWidth(columns: number | undefined): number | undefined {
  return columns !== undefined && Number.isFinite(columns) && columns > 0 ? columns : undefined;
}

/** One written chunk with each message line wrapped; other lines (a spinner's, the picker's summary) pass as they are. */
export function wrapMessages(text: string, reported: number | undefined, wrapRows: WrapRows): string {
  const columns = knownWidth(reported);
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

/** Whether a message line of `text` may be wider than `columns`: no character takes more than two columns. */
function mayNeedWrapping(text: string, reported: number | undefined): boolean {
  const columns = knownWidth(reported);
  return columns !== undefined && text.split("\n").some((line) => line.length * 2 > columns && PREFIX.test(line));
}

export interface MessageStream extends OutputStream {
  /** Resolves once every message written so far has reached the stream. */
  settled(): Promise<void>;
}

const loadWrapRows = async (): Promise<WrapRows> => (await import("./layout.js")).wrapRows;

/**
 * A terminal's `stream` as commands write messages to it: message lines
 * wrap to its width at the time of writing (a pipe gets no wrapper). The
 * width helpers load only when a message may be too wide (never for the
 * picker's start, or for short notes); writes wait for them in order, so
 * `settled()` is awaited before the command's end.
 */
export function messageStream(stream: OutputStream, load: () => Promise<WrapRows> = loadWrapRows): MessageStream {
  let wrap: WrapRows | undefined;
  let loading: Promise<void> | undefined;
  let queue: Promise<void> | undefined;
  const direct = (text: string) => stream.write(wrap ? wrapMessages(text, stream.columns, wrap) : text);
  const wrapped: MessageStream = {
    write(text) {
      if (queue === undefined && (wrap !== undefined || !mayNeedWrapping(text, stream.columns))) return direct(text);
      // Should the helpers fail to load, the messages still go out, unwrapped.
      loading ??= load().then(
        (loaded) => {
          wrap = loaded;
        },
        () => {},
      );
      const next = (queue ?? loading).then(() => {
        direct(text);
      });
      queue = next;
      void next.then(() => {
        if (queue === next) queue = undefined;
      });
      return true;
    },
    settled: () => queue ?? Promise.resolve(),
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
