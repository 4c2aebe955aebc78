import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { highlightLines, type Segment } from "../../src/ui/highlight.js";
import { previewLines } from "../../src/ui/preview-lines.js";
import { LANGUAGES } from "../../src/format/languages.js";
import { clientDescriptor, CLIENTS_BY_LANGUAGE } from "../../src/inference/id-lists.js";

/** A chat model's golden snippets, one per client of every language (test/golden/). */
const CHAT_SNIPPETS = "test/golden/inference/meta-llama--Llama-3.1-8B-Instruct/auto";

const text = (line: Segment[]) => line.map((segment) => segment.text).join("");
const toneOf = (line: Segment[], word: string) => line.find((segment) => segment.text === word)?.tone;

describe("highlightLines", () => {
  it("marks Python keywords, strings, numbers and comments, and keeps the text exact", () => {
    const code = 'import os\nclient = Client(provider="together", n=3)  # <&> "quoted"\nstream = True';
    const lines = highlightLines(code, "python");
    expect(lines.map(text)).toEqual(code.split("\n"));
    expect(toneOf(lines[0]!, "import")).toBe("keyword");
    expect(toneOf(lines[1]!, '"together"')).toBe("string");
    expect(toneOf(lines[1]!, "3")).toBe("number");
    expect(toneOf(lines[1]!, '# <&> "quoted"')).toBe("comment");
    expect(toneOf(lines[2]!, "True")).toBe("number");
  });

  it("highlights JavaScript and shell, with code inside template strings back to plain", () => {
    const js = highlightLines("const url = `${base}/v1`;", "js")[0]!;
    expect(toneOf(js, "const")).toBe("keyword");
    expect(js.find((segment) => segment.text === "base")?.tone).toBeUndefined();
    const sh = highlightLines('curl -H "Authorization: Bearer $HF_TOKEN" \\\n    https://example.org', "sh");
    expect(sh.map(text)).toEqual(['curl -H "Authorization: Bearer $HF_TOKEN" \\', "    https://example.org"]);
    expect(toneOf(sh[0]!, "$HF_TOKEN")).toBe("variable");
  });

  it("colours every snippet language: strings and more in each one's golden chat snippet", () => {
    const files = readdirSync(CHAT_SNIPPETS);
    for (const language of LANGUAGES) {
      const client = CLIENTS_BY_LANGUAGE[language].find((name) => clientDescriptor(language, name).api === "http")!;
      const file = files.find((name) => name.startsWith(`${language}-${client.replaceAll("/", "-")}.`))!;
      const code = readFileSync(join(CHAT_SNIPPETS, file), "utf8");
      const lines = highlightLines(code, language);
      expect(lines.map(text).join("\n"), language).toBe(code.replace(/\n$/, ""));
      const tones = new Set(lines.flat().flatMap((segment) => segment.tone ?? []));
      // The shell's curl command has no keyword, but its variables are coloured.
      expect(tones.has("string") && tones.size > 1, `${language}: ${[...tones].join(", ")}`).toBe(true);
    }
  });

  it("leaves languages without a grammar plain, and drops a final newline", () => {
    expect(highlightLines("pip install transformers\n", "text")).toEqual([[{ text: "pip install transformers" }]]);
  });
});

describe("previewLines", () => {
  it("numbers lines and wraps long ones to the width, with a blank number on the continuation", () => {
    const lines = previewLines(`x = "${"a".repeat(30)}"\ny = 1`, "python", 30);
    expect(lines.map((line) => line.gutter + text(line.segments))).toEqual([`1 │ x = "${"a".repeat(21)}`, `  │ ${"a".repeat(9)}"`, "2 │ y = 1"]);
    for (const line of lines) expect((line.gutter + text(line.segments)).length).toBeLessThanOrEqual(30);
  });

  it("counts wide characters as two columns when wrapping", () => {
    const lines = previewLines("你好你好你好你好你好你好你好你好你好你好", "text", 24);
    expect(lines.map((line) => text(line.segments))).toEqual(["你好你好你好你好你好", "你好你好你好你好你好"]);
  });

  it("leaves out line numbers when the terminal is very narrow", () => {
    expect(previewLines("print(1)", "python", 15)[0]!.gutter).toBe("");
  });

  it("shows control characters and bidirectional overrides from metadata as visible escapes, and tabs as spaces", () => {
    const lines = previewLines('x = "\u001b[31mred\u202e"\n\tpass', "python", 80);
    expect(text(lines[0]!.segments)).toBe('x = "\\x1b[31mred\\u202e"');
    expect(text(lines[1]!.segments)).toBe("    pass");
  });
});
