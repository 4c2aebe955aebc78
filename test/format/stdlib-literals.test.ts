import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { goComment, goString } from "../../src/format/go.js";
import { javaComment, javaString } from "../../src/format/java.js";
import { phpComment, phpString } from "../../src/format/php.js";
import { rubyComment, rubyString } from "../../src/format/ruby.js";
import { hasToolchain } from "../helpers/toolchains.js";

/*
 * The Go, Java, Ruby and PHP literal formatters, read back by each real
 * toolchain: one program per language holds every literal and prints each
 * value's bytes (Java: its UTF-16 units) in hex. Texts that hold a lone
 * surrogate are checked apart, since UTF-8 has no bytes for one.
 */

const TEXTS = [
  "",
  "plain text",
  `it's "quoted" \`backquoted\``,
  "back\\slash \\n \\\\ \\",
  "line one\nline two\r\nthree\ttab \u0000nul \u0001 \u0004 \u001a \u007f",
  "${HOME} $HOME #{`id`} #$0 #@x {$x} %s {{x}}",
  "?> <?php */ /* -- // #",
  "\\u000a \\u0022 \\\\u000a \\\\\\u000a \\uXYZ \\",
  "unicode é 日本語 🚀 \u2028 \u2029 \u0085 \u200e \u202e \ufeff",
  "x".repeat(100_000),
  `${"é".repeat(30_000)}"\\u000a${"🚀".repeat(10_000)}`,
];

const LONE = "lone \ud800 and \udfff surrogates";

const dir = mkdtempSync(join(tmpdir(), "hubref-literals-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A compiler's start on a loaded two-core machine: generous, since a slow start is not a failure. */
const TOOLCHAIN_TIMEOUT = 120_000;

function utf8Hex(text: string): string {
  return Buffer.from(text, "utf8").toString("hex");
}

function utf16Hex(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) out += text.charCodeAt(i).toString(16).padStart(4, "0");
  return out;
}

/** Runs a program file with the language's toolchain and returns the hex lines it printed. */
function run(command: string, args: string[], file: string, source: string): string[] {
  writeFileSync(join(dir, file), source);
  const result = spawnSync(command, [...args, file], {
    cwd: dir,
    encoding: "utf8",
    maxBuffer: 1 << 28,
    env: { ...process.env, GOCACHE: join(process.cwd(), ".tmp", "go-cache"), GOFLAGS: "-mod=mod", GO111MODULE: "off" },
  });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.slice(0, 2000)}`);
  return result.stdout.split("\n").filter((line) => line !== "");
}

describe.skipIf(!hasToolchain("go"))("Go literals", () => {
  it(
    "read back byte for byte by the Go compiler, as interpreted literals only",
    () => {
      const texts = [...TEXTS, LONE];
      const source = `package main\n\nimport (\n\t"encoding/hex"\n\t"fmt"\n)\n\nfunc main() {\n${texts
        .map((text) => `\tfmt.Println(hex.EncodeToString([]byte(${goString(text)})) + ".")\n`)
        .join("")}}\n`;
      const printed = run("go", ["run"], "main.go", source);
      // Go keeps a lone surrogate as the bytes UTF-8 would give it (WTF-8); its JSON encoder sends U+FFFD for them.
      const wtf8 = Buffer.concat([
        Buffer.from("lone "),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from(" and "),
        Buffer.from([0xed, 0xbf, 0xbf]),
        Buffer.from(" surrogates"),
      ]);
      expect(printed).toEqual([...TEXTS.map(utf8Hex), wtf8.toString("hex")].map((hex) => `${hex}.`));
      for (const text of texts) expect(goString(text)).toMatch(/^".*"$/s);
    },
    TOOLCHAIN_TIMEOUT,
  );

  it("comments stay on one line", () => {
    expect(goComment("a\nb\u2028c")).toBe("// a b c");
  });
});

describe.skipIf(!hasToolchain("java"))("Java literals", () => {
  it(
    "read back unit for unit by javac, with no backslash-u left to the pre-lexer",
    () => {
      const texts = [...TEXTS, LONE];
      const source = `public class Main {\n    static void show(String text) {\n        StringBuilder out = new StringBuilder();\n        for (char c : text.toCharArray()) out.append(String.format("%04x", (int) c));\n        System.out.println(out + ".");\n    }\n\n    public static void main(String[] args) {\n${texts
        .map((text) => `        show(${javaString(text)});\n`)
        .join("")}    }\n}\n`;
      const printed = run("java", ["-Xshare:auto"], "Main.java", source);
      expect(printed).toEqual(texts.map((text) => `${utf16Hex(text)}.`));
      for (const text of texts) {
        const literal = javaString(text);
        // Every \u that the pre-lexer would read follows an even run of backslashes only where the formatter wrote it.
        expect(/[^\x20-\x7e]/.test(literal), "ASCII only").toBe(false);
      }
    },
    TOOLCHAIN_TIMEOUT,
  );

  it("comments stay on one line and hold no Unicode escape", () => {
    expect(javaComment("evil\\u000a x = 1; \n\u2028é")).toBe("// evil\\\\u000a x = 1;  ?");
  });
});

describe.skipIf(!hasToolchain("ruby"))("Ruby literals", () => {
  it(
    "read back byte for byte by Ruby, single-quoted unless a character must be escaped",
    () => {
      const texts = [...TEXTS, LONE];
      const source = `${texts.map((text) => `puts ${rubyString(text)}.unpack1('H*') + '.'`).join("\n")}\n`;
      const printed = run("ruby", [], "main.rb", source);
      expect(printed).toEqual([...TEXTS, LONE.replace(/[\ud800-\udfff]/g, "\ufffd")].map((text) => `${utf8Hex(text)}.`));
      expect(rubyString("#{x} it's")).toBe("'#{x} it\\'s'");
    },
    TOOLCHAIN_TIMEOUT,
  );

  it("comments stay on one line", () => {
    expect(rubyComment("a\r\nb")).toBe("# a b");
  });
});

describe.skipIf(!hasToolchain("php"))("PHP literals", () => {
  it(
    "read back byte for byte by PHP, single-quoted unless a character must be escaped",
    () => {
      const texts = [...TEXTS, LONE];
      const source = `<?php\n${texts.map((text) => `echo bin2hex(${phpString(text)}), ".\\n";`).join("\n")}\n`;
      const printed = run("php", [], "main.php", source);
      expect(printed).toEqual([...TEXTS, LONE.replace(/[\ud800-\udfff]/g, "\ufffd")].map((text) => `${utf8Hex(text)}.`));
      expect(phpString("$x {$y} it's")).toBe("'$x {$y} it\\'s'");
    },
    TOOLCHAIN_TIMEOUT,
  );

  it("comments stay on one line, and `?>` cannot leave PHP", () => {
    expect(phpComment("a ?> b\nc")).toBe("// a ? > b c");
  });
});
