import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { pyComment, pyString, pyValue } from "../../src/format/python.js";
import { jsComment, jsString, jsValue } from "../../src/format/js.js";
import { shellComment, shellQuote, shellWord } from "../../src/format/shell.js";
import { goComment } from "../../src/format/go.js";
import { rubyComment } from "../../src/format/ruby.js";
import { phpComment } from "../../src/format/php.js";
import { javaComment } from "../../src/format/java.js";
import { parsePython } from "../helpers/python.js";
import { HIDDEN_RAW } from "../helpers/hidden-characters.js";
import { toolsHere } from "../helpers/tools.js";

const HOSTILE = [
  `it's "quoted"`,
  `"""triple""" and '''single'''`,
  "back\\slash \\n not a newline",
  "line one\nline two\r\nthree\ttab",
  "$(rm -rf /) `whoami` ${HOME} #{x} {{x}} %s %(x)s",
  "unicode é 🙂 \u2028 \u2029 \u0085",
  "nul-ish \u0001 \u007f",
  // Trojan Source: what reorders or hides code for a reader, though the language would keep it raw.
  "bidi \u202eevil\u202c \u2066isolate\u2069 \u200fmark zero\u200bwidth \ufeffbom c1\u0090 it's",
  "",
];

describe("every literal writer", () => {
  it("writes a character that hides or reorders code as an escape, never raw", () => {
    for (const text of HOSTILE) {
      for (const literal of [pyString(text), jsString(text), shellQuote(text), pyValue({ [text]: [text] }), jsValue({ [text]: [text] })]) {
        expect(literal, JSON.stringify(text)).not.toMatch(HIDDEN_RAW);
      }
    }
  });

  it("keeps every comment one line, with what hides or reorders code shown as \\uXXXX text", () => {
    const comments = [pyComment, jsComment, shellComment, goComment, rubyComment, phpComment, javaComment];
    for (const text of [...HOSTILE, "esc \u001b[31m red \u0007 bell"]) {
      for (const comment of comments) {
        const line = comment(text);
        expect(line, `${comment.name} ${JSON.stringify(text)}`).not.toMatch(HIDDEN_RAW);
        expect(line, `${comment.name} ${JSON.stringify(text)}`).not.toMatch(/[\u0000-\u0008\u000a-\u001f]/);
      }
    }
    expect(pyComment("evil\u202egguf.exe")).toBe("# evil\\u202egguf.exe");
  });
});

/** Python's parser reads the literals back: without python3, those tests are a named skip. */
const PYTHON = toolsHere("Python literals read back by Python's parser", "python3");

describe("Python literals", () => {
  it.runIf(PYTHON)("round-trip every hostile string through Python's parser", () => {
    const parsed = parsePython(HOSTILE.map((text) => `value = ${pyString(text)}`));
    parsed.forEach((result, index) => {
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.strings).toEqual([HOSTILE[index]]);
    });
  });

  it.runIf(PYTHON)("writes plain text (the fast path) as Python reads it back", () => {
    const plain = [" !#[]~{}$%&()*+,-./09:;<=>?@AZ^_`az|", "it's", "meta-llama/Llama-3.1-8B-Instruct", "a'b'c"];
    expect(pyString("it's")).toBe(`"it's"`);
    const parsed = parsePython(plain.map((text) => `value = ${pyString(text)}`));
    parsed.forEach((result, index) => {
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.strings).toEqual([plain[index]]);
    });
  });

  it.runIf(PYTHON)("writes JSON values as Python values", () => {
    expect(pyValue({ a: [1, true, null, "x"], "key with space": false })).toBe(
      '{\n    "a": [\n        1,\n        True,\n        None,\n        "x",\n    ],\n    "key with space": False,\n}',
    );
    const [result] = parsePython([`value = ${pyValue({ text: HOSTILE, n: 1.5 })}`]);
    expect(result?.ok && result.strings).toEqual(expect.arrayContaining(HOSTILE));
  });

  it("keeps a comment on one line", () => {
    expect(pyComment("a\nb")).toBe("# a b");
  });
});

describe("JS literals", () => {
  it("round-trip every hostile string through node", () => {
    const source = `process.stdout.write(JSON.stringify([${HOSTILE.map((text) => jsString(text)).join(", ")}]))`;
    const result = spawnSync(process.execPath, ["-e", source], { encoding: "utf8" });
    expect(JSON.parse(result.stdout)).toEqual(HOSTILE);
    const objectSource = `process.stdout.write(JSON.stringify(${jsValue({ "a-b": HOSTILE, ok: true })}))`;
    expect(JSON.parse(spawnSync(process.execPath, ["-e", objectSource], { encoding: "utf8" }).stdout)).toEqual({ "a-b": HOSTILE, ok: true });
  });
});

it("keeps a __proto__ key a field, not a prototype", () => {
  const source = `const value = ${jsValue(JSON.parse(`{"__proto__": "x", "a": 1}`))}; process.stdout.write(JSON.stringify(Object.keys(value)))`;
  expect(JSON.parse(spawnSync(process.execPath, ["-e", source], { encoding: "utf8" }).stdout)).toEqual(["__proto__", "a"]);
});

describe("shell words", () => {
  it("round-trip every hostile string through bash, expanding nothing", () => {
    const withoutNul = HOSTILE.map((text) => text.replace(/\u0000/g, ""));
    const script = withoutNul.map((text) => `printf '%s\\0' ${shellQuote(text)}`).join("\n");
    const result = spawnSync("bash", ["-c", script], { encoding: "utf8" });
    expect(result.stdout.split("\0").slice(0, -1)).toEqual(withoutNul);
  });

  it("writes `'` as '\\''", () => {
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellWord("torch")).toBe("torch");
    expect(shellWord("a b")).toBe("'a b'");
  });
});
