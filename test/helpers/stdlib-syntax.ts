import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Snippet } from "../../src/inference/snippet.js";
import { hasToolchain } from "./toolchains.js";

/*
 * Parses many Go and Ruby snippets without running them: gofmt and Ruby's
 * compiler each read a whole batch in one process. (Java and PHP snippets
 * are compiled when they run.)
 */

const RUBY_CHECK = `ARGV.each do |file|
  RubyVM::InstructionSequence.compile_file(file)
rescue SyntaxError => e
  puts "#{file}: #{e.message.lines.first}"
end`;

/** One line per snippet that does not parse. */
export function stdlibSyntaxErrors(snippets: Snippet[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), "hubref-parse-"));
  try {
    const errors: string[] = [];
    const write = (language: string, extension: string) =>
      snippets
        .filter((snippet) => snippet.language === language)
        .map((snippet, index) => {
          const file = join(dir, `${language}-${index}.${extension}`);
          writeFileSync(file, snippet.content);
          return file;
        });
    const go = write("go", "go");
    if (go.length > 0 && hasToolchain("go")) {
      // gofmt parses each file; its formatted output is not wanted, its errors are.
      const result = spawnSync("gofmt", ["-e", ...go], { encoding: "utf8", maxBuffer: 1 << 30 });
      errors.push(
        ...result.stderr
          .split("\n")
          .filter(Boolean)
          .map((line) => `gofmt: ${line}`),
      );
    }
    const ruby = write("ruby", "rb");
    if (ruby.length > 0 && hasToolchain("ruby")) {
      const result = spawnSync("ruby", ["-e", RUBY_CHECK, ...ruby], { encoding: "utf8" });
      errors.push(
        ...`${result.stdout}${result.stderr}`
          .split("\n")
          .filter(Boolean)
          .map((line) => `ruby: ${line}`),
      );
    }
    return errors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
