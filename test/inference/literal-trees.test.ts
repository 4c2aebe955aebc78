import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { jsonPieces, jsWriter, pythonWriter } from "../../src/inference/render-tree.js";
import { fileNode, fileRef, type Tree } from "../../src/inference/payload.js";
import { toolsHere } from "../helpers/tools.js";

/* Trees as Python and JS literals: the code, evaluated, gives back the value. */

const TRICKY = "q\"uote' back\\slash\nnew\u2028line ${x} `t` é 🚀 \u0000 \u007f";

const VALUES: Tree[] = [
  TRICKY,
  { [TRICKY]: [TRICKY, 1, -2.5, true, false, null], nested: { deeper: [[], {}] } },
  // JSON.parse makes __proto__ an own key, as it is in any parsed --inputs.
  JSON.parse('{"__proto__": "own property", "constructor": "x", "not an identifier": 1, "$ok": 2, "_ok": 3}') as Tree,
  [1e21, 0.1, -0, 123456789],
];

function pythonEval(sources: string[]): unknown[] {
  const program = "import ast, json, sys\nprint(json.dumps([ast.literal_eval(s) for s in json.load(sys.stdin)]))";
  const result = spawnSync("python3", ["-c", program], { input: JSON.stringify(sources), encoding: "utf8" });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as unknown[];
}

/** Python evaluates its literals: without python3, that test is a named skip. */
const PYTHON = toolsHere("Python literal trees evaluated by Python", "python3");

describe("literal trees", () => {
  it.runIf(PYTHON)("Python literals evaluate to the value", () => {
    const parsed = JSON.parse(JSON.stringify(VALUES)) as unknown[];
    expect(pythonEval(VALUES.map((value) => pythonWriter().tree(value)))).toEqual(parsed);
  });

  it("JS literals evaluate to the value, __proto__ included as an own key", () => {
    for (const value of VALUES) {
      const code = jsWriter().tree(value);
      const evaluated = new Function(`return ${code};`)() as unknown;
      expect(JSON.stringify(evaluated)).toBe(JSON.stringify(value));
    }
    const evaluated = new Function(`return ${jsWriter().tree(VALUES[2]!)};`)() as Record<string, unknown>;
    expect(Object.hasOwn(evaluated, "__proto__")).toBe(true);
  });

  it("nests by 4 spaces from the base indent", () => {
    expect(pythonWriter().tree({ a: [1] }, 4)).toBe('{\n        "a": [\n            1,\n        ],\n    }');
    expect(jsWriter().tree({ a: [1] })).toBe("{\n    a: [\n        1,\n    ],\n}");
  });

  it("JSON pieces split around files; joined with the base64 text they are the JSON document", () => {
    const image = fileRef('it\'s "my" cat.png', "image");
    const tree: Tree = { prompt: TRICKY, image: fileNode(image, "data-url"), raw: [fileNode(image, "base64")] };
    const pieces = jsonPieces(tree);
    expect(pieces.filter((piece) => "file" in piece)).toHaveLength(2);
    const joined = pieces.map((piece) => ("text" in piece ? piece.text : "QUJD")).join("");
    expect(JSON.parse(joined)).toEqual({ prompt: TRICKY, image: "data:image/png;base64,QUJD", raw: ["QUJD"] });
  });

  it("files become the code each client reads them with", () => {
    const image = fileRef("cats.jpg", "image");
    expect(pythonWriter((file, encoding) => `read(${JSON.stringify(file.path)}, ${JSON.stringify(encoding)})`).tree({ a: fileNode(image, "base64") })).toBe(
      '{\n    "a": read("cats.jpg", "base64"),\n}',
    );
  });
});
