import { usageError } from "../cli/errors.js";

/** Line and column (1-based) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Parses JSON; a syntax error names the source with line and column. */
export function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /at position (\d+)/.exec(message);
    const offset = position ? Number(position[1]) : text.length;
    const { line, column } = lineColumn(text, offset);
    const reason = message.replace(/ in JSON at position \d+.*$/s, "").replace(/\s*\(line \d+ column \d+\)$/, "");
    throw usageError(`${source}:${line}:${column}: invalid JSON: ${reason}`, "fix the JSON syntax at that position");
  }
}
