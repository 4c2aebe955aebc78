import { ansiCodesToString, diffAnsiCodes, styledCharsFromTokens, tokenize } from "@alcalzone/ansi-tokenize";
import { describe, expect, it } from "vitest";

/*
 * scripts/bundle.mjs answers two cases in ansi-tokenize before its own code runs, in the picker's
 * bundle: the codes between two characters of the same style (none), and the text of no codes (""). The
 * shortcuts are only right while ansi-tokenize itself gives those answers; this checks that it does.
 */

const STYLED = [
  "plain",
  "\x1b[1mbold\x1b[22m",
  "\x1b[2m\x1b[1mdim and bold\x1b[22m",
  "\x1b[36m\x1b[1mcyan bold\x1b[22m\x1b[39m",
  "\x1b[38;2;10;20;30mtrue colour\x1b[39m",
  "\x1b[7m\x1b[4minverse underlined\x1b[24m\x1b[27m",
];

describe("the same-style shortcuts of the picker's bundle", () => {
  it("diffAnsiCodes finds no codes between two characters of the same style", () => {
    for (const text of STYLED) {
      for (const char of styledCharsFromTokens(tokenize(text))) {
        const copy = char.styles.map((code) => ({ ...code }));
        expect(diffAnsiCodes(char.styles, copy)).toEqual([]);
      }
    }
  });

  it("ansiCodesToString of no codes is empty", () => {
    expect(ansiCodesToString([])).toBe("");
  });
});
