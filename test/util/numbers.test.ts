import { describe, expect, it } from "vitest";
import { parseCount, parseDecimal } from "../../src/util/numbers.js";

describe("numbers as people write them", () => {
  it.each([
    ["0.5", 0.5],
    [".5", 0.5],
    ["5.", 5],
    ["1e-1", 0.1],
    ["2E0", 2],
    ["1.5e+0", 1.5],
    [" 0.7 ", 0.7],
    ["0", 0],
  ])("a decimal %s is %d", (text, value) => {
    expect(parseDecimal(text)).toBe(value);
  });

  it.each(["", ".", "e1", "0x10", "-1", "+1", "1e", "Infinity", "NaN", "1,5", "1e999", "1 000"])("'%s' is no decimal", (text) => {
    expect(parseDecimal(text)).toBeUndefined();
  });

  it.each([
    ["32768", 1024, 32768],
    ["32k", 1024, 32768],
    ["32K", 1024, 32768],
    ["1M", 1024, 1048576],
    ["1.5k", 1024, 1536],
    ["2k", 1000, 2000],
    ["1e3", 1000, 1000],
    [" 8 k ", 1024, 8192],
  ] as const)("a count %s (k = %d) is %d", (text, k, value) => {
    expect(parseCount(text, k)).toBe(value);
  });

  it.each(["", "k", "1.5", "1.0001k", "0x10", "-1", "1g", "32kk", "1e999"])("'%s' is no count", (text) => {
    expect(parseCount(text, 1024)).toBeUndefined();
  });
});
