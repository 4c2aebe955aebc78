import { describe, expect, it } from "vitest";
import { fitOptions, screenLayout, windowWidth } from "../../src/ui/layout.js";

describe("screenLayout", () => {
  it("gives the preview what the header, pickers and status lines leave of an 80x24 terminal, keeping a row free", () => {
    // 2 header + rule + 5 pickers + preview title + 2 status lines = 11; 24 - 1 - 11 = 12.
    expect(screenLayout(24, 5)).toEqual({ compact: false, previewHeight: 12 });
    expect(screenLayout(24, 4)).toEqual({ compact: false, previewHeight: 13 });
  });

  it("switches to one header line and one status line on short terminals", () => {
    expect(screenLayout(15, 5)).toEqual({ compact: true, previewHeight: 6 });
    expect(screenLayout(12, 5)).toEqual({ compact: true, previewHeight: 3 });
  });

  it("always keeps at least one preview line", () => {
    expect(screenLayout(5, 5).previewHeight).toBe(1);
  });
});

describe("fitOptions", () => {
  const widths = [6, 10, 5, 8, 12];

  it("shows everything that fits", () => {
    expect(fitOptions(widths, 0, 80)).toEqual({ start: 0, end: 5 });
  });

  it("starts at the left while the chosen option is in view", () => {
    const window = fitOptions(widths, 1, 30);
    expect(window.start).toBe(0);
    expect(window.end).toBeGreaterThan(1);
    expect(windowWidth(widths, window.start, window.end)).toBeLessThanOrEqual(30);
  });

  it("scrolls so the chosen option is in view, counting the … markers", () => {
    for (let chosen = 0; chosen < widths.length; chosen++) {
      const { start, end } = fitOptions(widths, chosen, 24);
      expect(start).toBeLessThanOrEqual(chosen);
      expect(end).toBeGreaterThan(chosen);
      expect(windowWidth(widths, start, end)).toBeLessThanOrEqual(24);
    }
    expect(fitOptions(widths, 4, 24)).toEqual({ start: 4, end: 5 });
    expect(fitOptions(widths, 4, 30)).toEqual({ start: 3, end: 5 });
  });

  it("shows the chosen option alone when nothing else fits", () => {
    expect(fitOptions(widths, 2, 3)).toEqual({ start: 2, end: 3 });
  });
});
