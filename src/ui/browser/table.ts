import { padEnd, textWidth, truncate } from "../text.js";
import { TABLE_HEADER } from "../../search/render.js";

/** The widest each column but the id gets. */
const MAX_WIDTHS = [22, 9, 6, 22, 4];
const TASK = 0;
const DOWNLOADS = 1;
const LIKES = 2;
const PROVIDERS = 3;
const AGE = 4;
/** The narrowest an id is cut to, whatever the width. */
const MIN_ID = 12;

/**
 * What a narrow screen takes from the other columns, in turn, until the
 * longest id fits: the id is what a person chooses by, the rest only helps.
 */
const GIVE_WAY: readonly { column: number; width: number }[] = [
  { column: PROVIDERS, width: "PROVIDERS".length },
  { column: TASK, width: 12 },
  { column: PROVIDERS, width: 0 },
  { column: LIKES, width: 0 },
  { column: AGE, width: 0 },
  { column: DOWNLOADS, width: 0 },
  { column: TASK, width: "TASK".length },
];

/** The table's columns for the hits on screen, the selection mark's two columns left out of `width`; 0 hides a column. */
export function columnWidths(rows: string[][], width: number): number[] {
  const room = width - 2;
  const natural = TABLE_HEADER.slice(1).map((title, index) =>
    Math.min(MAX_WIDTHS[index]!, Math.max(title.length, ...rows.map((row) => textWidth(row[index + 1]!)))),
  );
  const others = [...natural];
  const left = () => room - others.reduce((sum, w) => sum + (w > 0 ? w + 2 : 0), 0);
  const idNeed = Math.max(TABLE_HEADER[0].length, ...rows.map((row) => textWidth(row[0]!)));
  for (const step of GIVE_WAY) {
    if (left() >= idNeed) break;
    others[step.column] = Math.min(others[step.column]!, step.width);
  }
  // A task cut further than the id needed gets the room back.
  if (others[TASK]! > 0) others[TASK] = Math.min(natural[TASK]!, others[TASK]! + Math.max(0, left() - idNeed));
  return [Math.max(MIN_ID, left()), ...others];
}

/** One line of the table: the cells of the columns shown, each cut or padded to its width. */
export function tableLine(cells: readonly string[], widths: readonly number[]): string {
  return cells.flatMap((cell, index) => (widths[index]! > 0 ? [padEnd(truncate(cell, widths[index]!), widths[index]!)] : [])).join("  ");
}

/** The columns with the fits row on: the quant that fits, its size, where it runs, the estimated speed, downloads. */
export const FITS_HEADER = ["MODEL", "QUANT", "SIZE", "RUNS", "SPEED (EST.)", "DOWNLOADS"] as const;

/** The widest each column but the id gets with the fits row on. */
const FITS_MAX_WIDTHS = [8, 9, 34, 14, 9];
/** What a narrow screen hides first: downloads, then where it runs. */
const FITS_GIVE_WAY = [4, 2];

/** The fits table's columns: the id takes what the others leave, and they give way on a narrow screen. */
export function fitsColumnWidths(rows: string[][], width: number): number[] {
  const room = width - 2;
  const others = FITS_HEADER.slice(1).map((title, index) =>
    Math.min(FITS_MAX_WIDTHS[index]!, Math.max(title.length, ...rows.map((row) => textWidth(row[index + 1]!)))),
  );
  const left = () => room - others.reduce((sum, w) => sum + (w > 0 ? w + 2 : 0), 0);
  const idNeed = Math.max(FITS_HEADER[0].length, ...rows.map((row) => textWidth(row[0]!)));
  for (const column of FITS_GIVE_WAY) if (left() < idNeed) others[column] = 0;
  return [Math.max(MIN_ID, left()), ...others];
}
