import { stripVTControlCharacters } from "node:util";
import { padTo } from "./pad.js";

/**
 * How results reach the user: tables and colour for a person at a terminal,
 * stable tab-separated lines for scripts, JSON on request.
 */

export interface OutputStream {
  /** false when the stream buffers more than it wants: wait for 'drain' before writing more. */
  write(text: string): unknown;
  isTTY?: boolean;
  /** A terminal's width. */
  columns?: number;
  once?(event: "drain", listener: () => void): unknown;
}

export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  cyan(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  red(text: string): string;
  /** The columns `text` takes on screen: colour codes take none, wide characters two. */
  width(text: string): number;
}

const unchanged = (text: string) => text;

/** Off a terminal nothing is aligned by width: no need to load the tables of wide characters. */
const characterCount = (text: string) => stripVTControlCharacters(text).length;

/**
 * Colour only for a terminal, never when NO_COLOR is set to anything but "".
 * FORCE_COLOR decides either way: `0` or `false` turns it off even at a
 * terminal, any other value turns it on even in a pipe.
 */
export function colorEnabled(stream: OutputStream, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  const force = env.FORCE_COLOR;
  if (force === "0" || force === "false") return false;
  if (force !== undefined && force !== "") return true;
  return Boolean(stream.isTTY) && env.TERM !== "dumb";
}

/** A style for `stream`; chalk is loaded only when colour is on, the width helpers only at a terminal. */
export async function styleFor(stream: OutputStream, env: NodeJS.ProcessEnv = process.env): Promise<Style> {
  const width = stream.isTTY ? (await import("./layout.js")).visibleWidth : characterCount;
  if (!colorEnabled(stream, env)) return { bold: unchanged, dim: unchanged, cyan: unchanged, green: unchanged, yellow: unchanged, red: unchanged, width };
  const { Chalk } = await import("chalk");
  const chalk = new Chalk({ level: 1 });
  return {
    bold: (text) => chalk.bold(text),
    dim: (text) => chalk.dim(text),
    cyan: (text) => chalk.cyan(text),
    green: (text) => chalk.green(text),
    yellow: (text) => chalk.yellow(text),
    red: (text) => chalk.red(text),
    width,
  };
}

/** The width to wrap text at: a terminal's, else none (a pipe or a file gets whole lines). */
export function terminalColumns(stream: OutputStream): number | undefined {
  return stream.isTTY && stream.columns !== undefined && stream.columns > 0 ? stream.columns : undefined;
}

/** Keeps one record on one line: tabs and newlines would break tab-separated output. */
function cell(value: string): string {
  return value.replace(/[\t\r\n]+/g, " ");
}

interface TableOptions {
  header: string[];
  rows: string[][];
  style: Style;
  /** Aligned columns with a header for a terminal; header-less tab-separated lines otherwise. */
  aligned: boolean;
  /** The terminal's width: aligned columns are cut to fit it, widest first, each cut cell ending in `…`. */
  width?: number;
}

/** Columns narrow enough to fit `room`: the widest gives up a character at a time, down to a few. */
function fittedWidths(widths: number[], room: number): number[] {
  const fitted = [...widths];
  const gaps = 2 * (fitted.length - 1);
  const MIN = 4;
  while (fitted.reduce((sum, each) => sum + each, gaps) > room) {
    const widest = fitted.indexOf(Math.max(...fitted));
    if (fitted[widest]! <= MIN) break;
    fitted[widest]!--;
  }
  return fitted;
}

/** `text` cut to `room` columns with a closing `…` (colour is dropped from a cut cell). */
function cutTo(text: string, room: number, measure: (text: string) => number): string {
  if (measure(text) <= room) return text;
  let out = "";
  for (const char of stripVTControlCharacters(text)) {
    if (measure(out + char) > room - 1) break;
    out += char;
  }
  return `${out}…`;
}

export function renderTable({ header, rows, style, aligned, width }: TableOptions): string {
  if (!aligned) return rows.map((row) => `${row.map(cell).join("\t")}\n`).join("");
  // Colour escapes take no room on screen: widths count what the terminal shows.
  const natural = header.map((title, column) => Math.max(style.width(title), ...rows.map((row) => style.width(cell(row[column] ?? "")))));
  // A narrow terminal would wrap rows mid-word: cut the widest cells instead.
  const widths = width === undefined ? natural : fittedWidths(natural, width);
  const line = (row: string[]) =>
    row
      .map((value, column) => {
        const fitted = cutTo(cell(value), widths[column]!, style.width);
        return column === row.length - 1 ? fitted : padTo(fitted, widths[column]!, style.width);
      })
      .join("  ")
      .trimEnd();
  return `${[style.bold(line(header)), ...rows.map(line)].join("\n")}\n`;
}

export function renderJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
