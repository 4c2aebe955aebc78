import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { renderFields, wrapRows } from "../../src/output/layout.js";
import { colorEnabled, renderTable, styleFor } from "../../src/output/output.js";

const terminal = { isTTY: true, write: () => true };

describe("renderTable at a terminal", () => {
  it("aligns columns by what the terminal shows, whatever colour codes and wide characters the cells hold", async () => {
    const style = await styleFor(terminal, { FORCE_COLOR: "1" });
    const text = renderTable({
      header: ["KEY", "FLAG", "LABEL"],
      rows: [
        ["a", style.green("yes"), "first"],
        ["漢字", style.dim("no"), "second"],
      ],
      style,
      aligned: true,
    });
    const lines = stripVTControlCharacters(text).trimEnd().split("\n");
    expect(lines).toEqual(["KEY   FLAG  LABEL", "a     yes   first", "漢字  no    second"]);
  });
});

describe("wrapRows", () => {
  it("breaks at spaces, never inside a word, and keeps the text's own indentation", () => {
    expect(wrapRows("  alpha beta gamma delta epsilon zeta eta", 26)).toEqual(["  alpha beta gamma delta", "  epsilon zeta eta"]);
    expect(wrapRows("see https://example.com/a/very/long/path/that/does/not/fit", 20)).toEqual([
      "see",
      "https://example.com/a/very/long/path/that/does/not/fit",
    ]);
  });

  it("leaves text whole when there is no terminal width", () => {
    expect(wrapRows("x ".repeat(100), undefined)).toEqual(["x ".repeat(100)]);
  });
});

describe("renderFields", () => {
  const plain = { bold: (text: string) => text };
  it("continues a value of several lines, and a wrapped value, under the value", () => {
    expect(
      renderFields(
        [
          ["key", "open_clip"],
          ["downloads", 'path:"a"\nOR path:"b"'],
        ],
        plain,
      ),
    ).toEqual(["key        open_clip", 'downloads  path:"a"', '           OR path:"b"']);
    expect(renderFields([["about", "one two three four five six seven eight nine"]], plain, 30)).toEqual([
      "about  one two three four five",
      "       six seven eight nine",
    ]);
  });
});

describe("colorEnabled", () => {
  it("FORCE_COLOR=0 turns colour off even at a terminal; NO_COLOR wins over FORCE_COLOR", () => {
    expect(colorEnabled(terminal, {})).toBe(true);
    expect(colorEnabled(terminal, { FORCE_COLOR: "0" })).toBe(false);
    expect(colorEnabled(terminal, { FORCE_COLOR: "false" })).toBe(false);
    expect(colorEnabled({ write: () => true }, { FORCE_COLOR: "1" })).toBe(true);
    expect(colorEnabled(terminal, { NO_COLOR: "1", FORCE_COLOR: "1" })).toBe(false);
  });
});
