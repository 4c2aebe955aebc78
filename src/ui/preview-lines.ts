/**
 * The preview's screen lines: highlighted code with line numbers, long lines
 * wrapped at the terminal's width so that scrolling counts screen lines.
 */
import { highlightLines, type Segment } from "./highlight.js";
import { charWidth, safeLine } from "./text.js";

export interface DisplayLine {
  /** Line number and rule, blank on the continuation of a wrapped line. */
  gutter: string;
  segments: Segment[];
}

/** Below this many columns for code, line numbers are left out. */
const MIN_CODE_WIDTH = 20;

function wrap(segments: Segment[], width: number): Segment[][] {
  const rows: Segment[][] = [[]];
  let used = 0;
  for (const segment of segments) {
    let piece = "";
    for (const char of segment.text) {
      const w = charWidth(char.codePointAt(0)!);
      if (used + w > width && used > 0) {
        if (piece) rows.at(-1)!.push({ text: piece, tone: segment.tone });
        rows.push([]);
        piece = "";
        used = 0;
      }
      piece += char;
      used += w;
    }
    if (piece) rows.at(-1)!.push({ text: piece, tone: segment.tone });
  }
  return rows;
}

export function previewLines(code: string, language: string, width: number): DisplayLine[] {
  const lines = highlightLines(code, language).map((line) => line.map((segment) => ({ ...segment, text: safeLine(segment.text) })));
  const digits = String(lines.length).length;
  const numbered = width - (digits + 3) >= MIN_CODE_WIDTH;
  const codeWidth = Math.max(1, numbered ? width - (digits + 3) : width);
  return lines.flatMap((line, i) =>
    wrap(line, codeWidth).map((segments, part) => ({
      gutter: numbered ? `${(part === 0 ? String(i + 1) : "").padStart(digits)} │ ` : "",
      segments,
    })),
  );
}
