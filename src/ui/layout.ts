/**
 * How the screen is divided for a terminal size, and which options of a row
 * fit on one line. Pure arithmetic, so it is tested without a terminal.
 */

export interface ScreenLayout {
  /** One header line, no rule and one status line instead of two, for short terminals. */
  compact: boolean;
  previewHeight: number;
}

/** Below this many rows the compact layout is used. */
const COMPACT_BELOW_ROWS = 16;

/**
 * The screen keeps one row free: output as tall as the terminal makes Ink
 * clear the whole screen on every update, which flickers.
 */
export function screenLayout(rows: number, pickerRows: number): ScreenLayout {
  const compact = rows < COMPACT_BELOW_ROWS;
  const fixed = compact ? pickerRows + 3 : pickerRows + 6;
  return { compact, previewHeight: Math.max(1, rows - 1 - fixed) };
}

export interface OptionWindow {
  start: number;
  /** One past the last option shown. */
  end: number;
}

/** Columns taken by options start..end-1: each is bracketed or padded by one column a side, one space apart, and "… " marks hidden ones. */
export function windowWidth(widths: readonly number[], start: number, end: number): number {
  let total = 0;
  for (let i = start; i < end; i++) total += widths[i]! + 2 + (i > start ? 1 : 0);
  if (start > 0) total += 2;
  if (end < widths.length) total += 2;
  return total;
}

/** The options to show so that the chosen one is on screen, starting as far left as possible. */
export function fitOptions(widths: readonly number[], chosen: number, available: number): OptionWindow {
  for (let start = 0; start <= chosen; start++) {
    let end = start;
    while (end < widths.length && windowWidth(widths, start, end + 1) <= available) end++;
    if (end > chosen) return { start, end };
  }
  return { start: chosen, end: Math.min(widths.length, chosen + 1) };
}

/** One key hint of the footer; hints with a lower `priority` give way first on a narrow terminal. */
export interface KeyHint {
  text: string;
  priority: number;
}

/**
 * The footer's hints that fit in `width`, two spaces apart, in their order.
 * The last hint (quitting) always stays: a screen must say how to leave it.
 */
export function fitHints(hints: readonly KeyHint[], width: number): string {
  const kept = [...hints];
  const text = () => kept.map((hint) => hint.text).join("  ");
  while (kept.length > 1 && text().length > width) {
    const droppable = kept.slice(0, -1);
    const lowest = droppable.reduce((low, hint) => (hint.priority < low.priority ? hint : low));
    kept.splice(kept.indexOf(lowest), 1);
  }
  return text();
}
