import { describe, expect, it } from "vitest";
import { terminalLine, terminalText } from "../../src/output/terminal-text.js";

/** What a terminal would act on: ESC, any other C0 or C1 control, a bidi control. */
const ACTIVE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe("terminalLine", () => {
  it("shows a CSI sequence (colour, cursor movement, screen clearing) as text", () => {
    expect(terminalLine("a\u001b[31mred\u001b[0m")).toBe("a\\x1b[31mred\\x1b[0m");
    expect(terminalLine("\u001b[2J\u001b[H")).toBe("\\x1b[2J\\x1b[H");
  });

  it("shows an OSC 52 clipboard write, ended by BEL or by ST, as text", () => {
    expect(terminalLine("\u001b]52;c;cm0gLXJmIH4=\u0007evil-Q8_0.gguf")).toBe("\\x1b]52;c;cm0gLXJmIH4=\\x07evil-Q8_0.gguf");
    expect(terminalLine("\u001b]52;c;cm0=\u001b\\x")).toBe("\\x1b]52;c;cm0=\\x1b\\x");
  });

  it("shows an OSC 8 link as text, so no hidden target sits behind a label", () => {
    const link = "\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\";
    expect(terminalLine(link)).toBe("\\x1b]8;;https://evil.example\\x1b\\click\\x1b]8;;\\x1b\\");
  });

  it("shows C1 controls (U+009B is CSI to some terminals) and DEL", () => {
    expect(terminalLine("a\u009b31mb\u009dc\u007f")).toBe("a\\x9b31mb\\x9dc\\x7f");
  });

  it("shows bidirectional overrides, embeddings, isolates and marks", () => {
    expect(terminalLine("evil\u202egguf.exe")).toBe("evil\\u202egguf.exe");
    for (const mark of ["\u202a", "\u202b", "\u202c", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c"]) {
      expect(terminalLine(`x${mark}y`)).toBe(`x\\u${mark.charCodeAt(0).toString(16).padStart(4, "0")}y`);
    }
  });

  it("keeps one line: line breaks and tabs are shown, not obeyed", () => {
    expect(terminalLine("model\nerror: fake\r\tx")).toBe("model\\nerror: fake\\r\\tx");
    expect(terminalLine("a\u2028b\u2029c")).toBe("a\\u2028b\\u2029c");
  });

  it("leaves ordinary text, accents, CJK and emoji alone", () => {
    const plain = "meta-llama/Llama-3.1-8B-Instruct · café 日本語 🤗 ‘quotes’ — Q4_K_M";
    expect(terminalLine(plain)).toBe(plain);
  });

  it("leaves nothing a terminal acts on, whatever the input", () => {
    let all = "";
    for (let code = 0; code < 0x2100; code++) all += String.fromCharCode(code);
    expect(terminalLine(all)).not.toMatch(ACTIVE);
    expect(terminalLine(all)).not.toContain("\n");
  });
});

describe("terminalText", () => {
  it("keeps line feeds and tabs of text with several lines, and shows the rest", () => {
    expect(terminalText("llama-cli \\\n\t--hf-file '\u001b]52;c;x\u0007a.gguf'\r\n")).toBe("llama-cli \\\n\t--hf-file '\\x1b]52;c;x\\x07a.gguf'\\r\n");
  });
});
