import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GO_TREE } from "../../src/format/go.js";
import { JAVA_TREE } from "../../src/format/java.js";
import { JS_TREE } from "../../src/format/js.js";
import { PHP_TREE } from "../../src/format/php.js";
import { PYTHON_TREE } from "../../src/format/python.js";
import { RUBY_TREE } from "../../src/format/ruby.js";
import { writeTree, type TreeSyntax } from "../../src/format/tree.js";
import { hasToolchain } from "../helpers/toolchains.js";
import { toolsHere } from "../helpers/tools.js";

/*
 * The one tree writer, in each language's syntax: the layout each language
 * is written in, and hostile keys and strings read back by the language
 * itself as the same data.
 */

const HOSTILE = "q\"uote' back\\slash\nnew\u2028line ${x} #{`id`} $HOME ?> */ `t` é 🚀 \u0000 \u007f \u202e";

/** Hostile keys and values, an integer-like key (PHP would make it an integer), empty containers. */
const TREE = {
  [HOSTILE]: [HOSTILE, 1, -2.5, true, false, null],
  "7": "seven",
  __proto__key: { nested: [[], {}] },
  "a\u0000b": "nul in a key",
};

/** A small tree whose layout each syntax is held to. */
const SMALL = { a: [1, "x"], b: {}, c: [] };

const dir = mkdtempSync(join(tmpdir(), "hubref-tree-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TOOLCHAIN_TIMEOUT = 120_000;

function run(command: string, args: string[], file: string, source: string): string {
  writeFileSync(join(dir, file), source);
  const result = spawnSync(command, [...args, file], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, GOCACHE: join(process.cwd(), ".tmp", "go-cache"), GO111MODULE: "off" },
  });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.slice(0, 2000)}`);
  return result.stdout;
}

const write = (syntax: TreeSyntax, value: unknown, prefix = "") => writeTree(syntax, value, prefix);

describe("the tree writer's layout, per syntax", () => {
  it.each([
    ["Python", PYTHON_TREE, '{\n    "a": [\n        1,\n        "x",\n    ],\n    "b": {},\n    "c": [],\n}'],
    ["JS", JS_TREE, '{\n    a: [\n        1,\n        "x",\n    ],\n    b: {},\n    c: [],\n}'],
    ["Ruby", RUBY_TREE, "{\n  'a' => [\n    1,\n    'x',\n  ],\n  'b' => {},\n  'c' => [],\n}"],
    ["PHP", PHP_TREE, "[\n    'a' => [\n        1,\n        'x',\n    ],\n    'b' => (object) [],\n    'c' => [],\n]"],
    ["Go", GO_TREE, 'map[string]any{\n\t"a": []any{\n\t\t1,\n\t\t"x",\n\t},\n\t"b": map[string]any{},\n\t"c": []any{},\n}'],
    ["Java", JAVA_TREE, 'Json.object(\n    "a", Json.array(\n        1,\n        "x"),\n    "b", Json.object(),\n    "c", Json.array())'],
  ])("%s", (_name, syntax, expected) => {
    expect(write(syntax, SMALL)).toBe(expected);
  });

  it("indents from the prefix of the line the value closes on", () => {
    expect(write(PYTHON_TREE, [1], "  ")).toBe("[\n      1,\n  ]");
    expect(write(GO_TREE, [1], "\t")).toBe("[]any{\n\t\t1,\n\t}");
  });

  it("leaves out undefined members, and refuses what JSON cannot hold", () => {
    expect(write(JS_TREE, { a: undefined, b: 1 })).toBe("{\n    b: 1,\n}");
    expect(() => write(PYTHON_TREE, [Number.NaN])).toThrow(/NaN/);
    expect(() => write(RUBY_TREE, { f: () => 1 })).toThrow(/cannot write a function/);
  });

  it("a PHP map whose keys read as integers is an object, so json_encode keeps it a map", () => {
    expect(write(PHP_TREE, { "0": "x" })).toBe("(object) [\n    '0' => 'x',\n]");
    expect(write(PHP_TREE, {})).toBe("(object) []");
  });

  it("a Java long literal past int's range, and ASCII only", () => {
    expect(write(JAVA_TREE, [2 ** 40])).toBe(`Json.array(\n    ${2 ** 40}L)`);
    expect(/[^\x20-\x7e\n]/.test(write(JAVA_TREE, TREE))).toBe(false);
  });

  it("a special node is written by the hook, at its place", () => {
    const tree = { file: { path: "cat.png" } };
    const hook = (value: object) => ("path" in value ? `read(${JSON.stringify(value.path)})` : undefined);
    expect(writeTree(PYTHON_TREE, tree, "", hook)).toBe('{\n    "file": read("cat.png"),\n}');
  });

  it("no hostile string leaves its literal: every line of the code is the start, a member, an item or a close", () => {
    for (const syntax of [PYTHON_TREE, JS_TREE, RUBY_TREE, PHP_TREE, GO_TREE, JAVA_TREE]) {
      const code = write(syntax, TREE);
      expect(code).not.toMatch(/[\u2028\u202e\u0000\u007f]/);
      expect(code.split("\n")).toHaveLength(write(syntax, { k: ["", 1, -2.5, true, false, null], "7": "", p: { n: [[], {}] }, z: "" }).split("\n").length);
    }
  });
});

/** Python reads its tree back: without python3, that test is a named skip. */
const PYTHON = toolsHere("the Python tree read back by Python", "python3");

describe("hostile trees read back as the same data", () => {
  const expected = JSON.parse(JSON.stringify(TREE)) as unknown;

  it.runIf(PYTHON)("Python", () => {
    const program = `import ast, json, sys\nprint(json.dumps(ast.literal_eval(sys.stdin.read())))`;
    const result = spawnSync("python3", ["-c", program], { input: write(PYTHON_TREE, TREE), encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toEqual(expected);
  });

  it("JS", () => {
    expect(new Function(`return ${write(JS_TREE, TREE)};`)()).toEqual(expected);
  });

  it.skipIf(!hasToolchain("ruby"))("Ruby", () => {
    const out = run("ruby", [], "tree.rb", `require 'json'\nprint JSON.generate(${write(RUBY_TREE, TREE)})\n`);
    expect(JSON.parse(out)).toEqual(expected);
  });

  it.skipIf(!hasToolchain("php"))("PHP", () => {
    const out = run("php", [], "tree.php", `<?php\necho json_encode(${write(PHP_TREE, TREE)});\n`);
    expect(JSON.parse(out)).toEqual(expected);
  });

  it.skipIf(!hasToolchain("go"))(
    "Go",
    () => {
      const source = `package main\n\nimport (\n\t"encoding/json"\n\t"os"\n)\n\nfunc main() {\n\tdata := ${write(GO_TREE, TREE, "\t")}\n\tjson.NewEncoder(os.Stdout).Encode(data)\n}\n`;
      const out = run("go", ["run"], "tree.go", source);
      expect(JSON.parse(out)).toEqual(expected);
    },
    TOOLCHAIN_TIMEOUT,
  );
});
