import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, parseJson } from "../../src/util/json.js";
import { thrown } from "../helpers/errors.js";

describe("parseJson nesting limit", () => {
  const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

  it("reads JSON nested exactly as deep as the limit", () => {
    expect(parseJson(deep(MAX_JSON_DEPTH), "t.json")).toBeTypeOf("object");
  });

  it.each([
    ["valid but 200,000 levels deep", deep(200_000)],
    ["200,000 open brackets and no end", "[".repeat(200_000)],
    // The shortest text that nests too deep: the parser skips the depth scan for anything shorter.
    ["as short as nesting too deep can be", `${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}`],
    ["deep inside a string-bearing object", `{"s": "[[[{\\"", "v": ${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}}`],
  ])("refuses JSON %s, naming the limit and where it was passed", (_label, text) => {
    const error = thrown(() => parseJson(text, "deep.json"));
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(new RegExp(`^deep\\.json:1:\\d+: invalid JSON: nested deeper than ${MAX_JSON_DEPTH} levels$`));
    expect(error.message).not.toMatch(/NaN|undefined/);
    expect(error.hint).toBe(`hubref reads JSON nested at most ${MAX_JSON_DEPTH} levels deep`);
  });

  it("points at the bracket that goes one level too deep", () => {
    expect(thrown(() => parseJson("[".repeat(MAX_JSON_DEPTH + 1), "t.json")).message).toBe(
      `t.json:1:${MAX_JSON_DEPTH + 1}: invalid JSON: nested deeper than ${MAX_JSON_DEPTH} levels`,
    );
  });

  it("counts brackets inside strings as text", () => {
    expect(parseJson(JSON.stringify({ s: "[".repeat(MAX_JSON_DEPTH * 2), t: '\\"{' }), "t.json")).toEqual({ s: "[".repeat(MAX_JSON_DEPTH * 2), t: '\\"{' });
  });
});
