import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import { LazySegmenter, NARROW_SYMBOLS, narrowWidth, singleGraphemes } from "../../src/build/narrow-text.js";
// wrap-ansi's own, older string-width, which the picker's bundle also puts behind narrowWidth.
import olderStringWidth from "../../node_modules/wrap-ansi/node_modules/string-width/index.js";

/*
 * The picker's bundle answers string-width and Intl.Segmenter for its own text without Unicode
 * tables; the answers must be the real ones, and any other text must be left to them.
 */

const SAMPLES = [
  "",
  "hubref meta-llama/Llama-3.1-8B-Instruct",
  `task text-generation · library transformers · provider auto`,
  "─".repeat(80),
  "› Language   Python  [JavaScript]  Shell",
  "\x1b[2mhubref \x1b[22m\x1b[1m\x1b[36mmeta-llama\x1b[39m\x1b[22m",
  "←/→ choose  ↑/↓ move  PgUp/PgDn j/k scroll  c copy  s save  q quit  ✓ copied ⏎ – — … │",
  [...NARROW_SYMBOLS].join(" "),
];

describe("narrowWidth", () => {
  it("gives string-width's answer (both versions in the bundle) for the picker's text", () => {
    for (const text of SAMPLES) {
      expect(narrowWidth(text)).toBe(stringWidth(text));
      expect(narrowWidth(text)).toBe(olderStringWidth(text));
    }
    for (const symbol of NARROW_SYMBOLS) expect([symbol, stringWidth(symbol), olderStringWidth(symbol)]).toEqual([symbol, 1, 1]);
  });

  it("leaves wide, combining, emoji and control text, other escape codes and other options to string-width", () => {
    for (const text of ["模型", "e\u0301", "👍", "✓\ufe0f", "a\tb", "\x1b]8;;https://x\x07link\x1b]8;;\x07", "naïve"])
      expect(narrowWidth(text)).toBeUndefined();
    expect(narrowWidth("─", { ambiguousIsNarrow: false })).toBeUndefined();
    expect(narrowWidth("\x1b[1mx", { countAnsiEscapeCodes: true })).toBeUndefined();
    expect(narrowWidth(42)).toBeUndefined();
  });
});

describe("LazySegmenter", () => {
  const real = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  const plain = (segments: Iterable<Intl.SegmentData>) => [...segments].map(({ segment, index, input }) => ({ segment, index, input }));

  it("splits the picker's text as Intl.Segmenter does, containing() included", () => {
    const lazy = new LazySegmenter(undefined, { granularity: "grapheme" });
    for (const text of [...SAMPLES, "a\nb\x1b[1m"]) {
      expect(singleGraphemes(text)).toBeDefined();
      expect(plain(lazy.segment(text))).toEqual(plain(real.segment(text)));
      for (const index of [0, 3, text.length - 1, text.length]) {
        const mine = lazy.segment(text).containing(index);
        const theirs = real.segment(text).containing(index);
        expect(mine && { ...mine }).toEqual(theirs && { segment: theirs.segment, index: theirs.index, input: theirs.input });
      }
    }
  });

  it("hands other text and other granularities to a real segmenter", () => {
    for (const text of ["e\u0301👍🏽 x", "a\r\nb", "한국어"]) {
      expect(singleGraphemes(text)).toBeUndefined();
      expect(plain(new LazySegmenter().segment(text))).toEqual(plain(real.segment(text)));
    }
    expect(plain(new LazySegmenter("en", { granularity: "word" }).segment("two words"))).toEqual(
      plain(new Intl.Segmenter("en", { granularity: "word" }).segment("two words")),
    );
  });
});
