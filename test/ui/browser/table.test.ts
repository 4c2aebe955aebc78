import { describe, expect, it } from "vitest";
import { columnWidths, tableLine } from "../../../src/ui/browser/table.js";
import { TABLE_HEADER } from "../../../src/search/render.js";
import { textWidth } from "../../../src/ui/text.js";

/** Three rows as the browser shows them: ids sharing a long prefix, as one organisation's models do. */
const ROWS = [
  ["black-forest-labs/FLUX.1-dev", "text-to-image", "1.2M", "9.8k", "fal-ai together +3", "1y"],
  ["black-forest-labs/FLUX.1-schnell", "text-to-image", "980k", "3.1k", "fal-ai replicate +1", "1y"],
  ["black-forest-labs/FLUX.1-Kontext-dev", "image-to-image", "310k", "1.9k", "fal-ai", "5mo"],
];

/** The id as a row shows it at this width: the line up to the first gap of two spaces. */
function shownIds(width: number): string[] {
  const widths = columnWidths(ROWS, width);
  return ROWS.map((row) => tableLine(row, widths).split("  ")[0]!.trimEnd());
}

describe("the browser's table", () => {
  it("shows every id whole at 60 columns, giving up the other columns first", () => {
    expect(shownIds(60)).toEqual(ROWS.map((row) => row[0]));
    const widths = columnWidths(ROWS, 60);
    for (const row of [TABLE_HEADER as unknown as string[], ...ROWS]) expect(textWidth(tableLine(row, widths))).toBeLessThanOrEqual(58);
    expect(tableLine([...TABLE_HEADER], widths)).toMatch(/^MODEL +TASK/);
  });

  it("shows every column at 120 columns", () => {
    const widths = columnWidths(ROWS, 120);
    expect(tableLine([...TABLE_HEADER], widths).split(/ {2,}/)).toEqual([...TABLE_HEADER]);
    expect(tableLine(ROWS[0]!, widths)).toContain("fal-ai together +3");
  });

  it("still cuts an id longer than a narrow screen, keeping the line within it", () => {
    const long = [[`acme/${"x".repeat(80)}`, "text-generation", "1", "1", "-", "1d"]];
    const widths = columnWidths(long, 60);
    expect(textWidth(tableLine(long[0]!, widths))).toBeLessThanOrEqual(58);
    expect(tableLine(long[0]!, widths)).toMatch(/^acme\/x+…/);
  });
});
