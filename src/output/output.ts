/**
 * How results reach the user: tables and colour for a person at a terminal,
 * stable tab-separated lines for scripts, JSON on request.
 */

export interface OutputStream {
  /** false when the stream buffers more than it wants: wait for 'drain' before writing more. */
  write(text: string): unknown;
  isTTY?: boolean;
  once?(event: "drain", listener: () => void): unknown;
}

export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  cyan(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  red(text: string): string;
}

const plain: Style = {
  bold: (text) => text,
  dim: (text) => text,
  cyan: (text) => text,
  green: (text) => text,
  yellow: (text) => text,
  red: (text) => text,
};

/** Colour only for a terminal, never when NO_COLOR is set to anything but "". */
export function colorEnabled(stream: OutputStream, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false") return true;
  return Boolean(stream.isTTY) && env.TERM !== "dumb";
}

/** A style for `stream`; chalk is loaded only when colour is on. */
export async function styleFor(stream: OutputStream, env: NodeJS.ProcessEnv = process.env): Promise<Style> {
  if (!colorEnabled(stream, env)) return plain;
  const { Chalk } = await import("chalk");
  return new Chalk({ level: 1 });
}

/** Keeps one record on one line: tabs and newlines would break tab-separated output. */
function cell(value: string): string {
  return value.replace(/[\t\r\n]+/g, " ");
}

export interface TableOptions {
  header: string[];
  rows: string[][];
  style: Style;
  /** Aligned columns with a header for a terminal; header-less tab-separated lines otherwise. */
  aligned: boolean;
}

export function renderTable({ header, rows, style, aligned }: TableOptions): string {
  if (!aligned) return rows.map((row) => row.map(cell).join("\t") + "\n").join("");
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => cell(row[column] ?? "").length)));
  const line = (row: string[]) =>
    row
      .map((value, column) => (column === row.length - 1 ? cell(value) : cell(value).padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  return [style.bold(line(header)), ...rows.map(line)].join("\n") + "\n";
}

export function renderJson(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}
