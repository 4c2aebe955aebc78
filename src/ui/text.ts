/**
 * Terminal-safe text: snippet code and labels hold strings that came from
 * model metadata, and a raw escape sequence in them would drive the terminal.
 */

import { terminalLine } from "../output/terminal-text.js";

/**
 * One display line: tabs become 4 spaces (code keeps its indentation); control
 * characters, escape sequences and bidirectional overrides are shown escaped by
 * the same sanitiser every other terminal output uses.
 */
export function safeLine(text: string): string {
  return terminalLine(text.replace(/\t/g, "    "));
}

/** Columns a code point takes: 0 for combining marks, 2 for wide East Asian and emoji ranges. */
export function charWidth(codePoint: number): number {
  if ((codePoint >= 0x300 && codePoint <= 0x36f) || (codePoint >= 0xfe00 && codePoint <= 0xfe0f) || codePoint === 0x200d) return 0;
  if (
    (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0xa4cf) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6) ||
    (codePoint >= 0x1f300 && codePoint <= 0x1faff) ||
    (codePoint >= 0x20000 && codePoint <= 0x3fffd)
  ) {
    return 2;
  }
  return 1;
}

export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char.codePointAt(0)!);
  return width;
}

/** At most `width` columns; a cut is marked with "…". */
export function truncate(text: string, width: number): string {
  if (width <= 0) return "";
  if (textWidth(text) <= width) return text;
  let out = "";
  let used = 0;
  for (const char of text) {
    const w = charWidth(char.codePointAt(0)!);
    if (used + w > width - 1) break;
    out += char;
    used += w;
  }
  return `${out}…`;
}

/** `text` followed by spaces up to `width` columns (never cut). */
export function padEnd(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - textWidth(text)));
}

/** At most `width` columns, keeping the end: the end of a long file name stays visible while it is typed. */
export function truncateStart(text: string, width: number): string {
  if (width <= 0) return "";
  if (textWidth(text) <= width) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(chars.join("")) > width - 1) chars.shift();
  return `…${chars.join("")}`;
}
