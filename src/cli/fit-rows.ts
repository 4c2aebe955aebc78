import { renderJson, renderTable, styleFor, terminalColumns } from "../output/output.js";
import { textWidth, truncate } from "../ui/text.js";
import type { CommandContext } from "./context.js";

/*
 * The rows of `models --fits` (GGUF, and a server's): JSON, an aligned table
 * at a terminal (the id cut to the columns left), or tab-separated lines; the
 * heading that says the machine goes with the rows, on stderr where stdout is
 * data.
 */

/** The id column keeps at least this many characters, however narrow the terminal. */
const MIN_ID_WIDTH = 24;

export interface FitRows<R> {
  heading: string;
  header: readonly string[];
  rows: readonly R[];
  cells: (row: R, at: "terminal" | "piped") => string[];
  /** The rows as --json prints them, when asked. */
  json?: () => unknown;
}

export async function printFitRows<R>(context: CommandContext, { heading, header, rows, cells, json }: FitRows<R>): Promise<void> {
  if (json) context.stdout.write(renderJson(json()));
  else if (rows.length > 0 && context.stdout.isTTY) {
    const style = await styleFor(context.stdout, context.env);
    const table = rows.map((row) => cells(row, "terminal"));
    const others = header.slice(1).map((title, index) => Math.max(title.length, ...table.map((row) => textWidth(row[index + 1]!))));
    const columns = terminalColumns(context.stdout) ?? 120;
    const idWidth = Math.max(MIN_ID_WIDTH, columns - others.reduce((sum, width) => sum + width + 2, 0));
    for (const row of table) row[0] = truncate(row[0]!, idWidth);
    context.stdout.write(`${heading}\n`);
    context.stdout.write(renderTable({ header: [...header], rows: table, style, aligned: true, width: columns }));
  } else if (rows.length > 0) {
    const style = await styleFor(context.stdout, context.env);
    context.stdout.write(renderTable({ header: [...header], rows: rows.map((row) => cells(row, "piped")), style, aligned: false }));
  }
  // The heading goes with the rows: on stderr when stdout is a pipe or JSON, so the lines stay data.
  if (rows.length > 0 && (json || !context.stdout.isTTY)) context.stderr.write(`note: ${heading}\n`);
}
