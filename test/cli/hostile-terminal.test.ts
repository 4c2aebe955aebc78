import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runProgram } from "../../src/cli/program.js";
import { fakeContext } from "../helpers/context.js";

/*
 * A GGUF repository whose file names carry terminal escapes: at a terminal
 * nothing of them may reach the screen raw; in a pipe or JSON, a program
 * gets the names byte for byte.
 */

const OSC52 = "\u001b]52;c;cm0gLXJmIH4=\u0007evil-Q8_0.gguf";
const OSC8 = "\u001b]8;;https://evil.example\u001b\\Q5_K_M\u001b]8;;\u001b\\-Q5_K_M.gguf";
const BIDI = "model-Q4_K_M\u202egguf.exe.gguf";
const NEWLINE = "two\nlines-Q6_K.gguf";

const model = {
  id: "someone/hostile-GGUF",
  pipeline_tag: "text-generation",
  library_name: "gguf",
  tags: ["gguf", "conversational"],
  gguf: { total: 8_000_000_000, architecture: "llama" },
  siblings: [OSC52, OSC8, BIDI, NEWLINE].map((rfilename) => ({ rfilename, size: 5_000_000_000 })),
};

const dir = mkdtempSync(join(tmpdir(), "hubref-hostile-"));
const file = join(dir, "model.json");
writeFileSync(file, JSON.stringify(model));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ESC_OR_BIDI = /[\u001b\u0007\u009b\u202e]/;

async function run(args: string[], isTTY: boolean) {
  const { context, output, errors } = fakeContext({ NO_COLOR: "1" }, isTTY, 200);
  const status = await runProgram(["node", "hubref", ...args], context);
  return { status, stdout: output(), stderr: errors() };
}

describe("hub file names at a terminal", () => {
  it("quant-types --for shows every name escaped in the table", async () => {
    const result = await run(["quant-types", "--for", file], true);
    expect(result.status).toBe(0);
    expect(result.stdout).not.toMatch(ESC_OR_BIDI);
    expect(result.stdout).toContain("\\x1b]52;c;cm0gLXJmIH4=\\x07evil-Q8_0.gguf");
    expect(result.stdout).toContain("model-Q4_K_M\\u202egguf.exe.gguf");
    expect(result.stdout).toContain("two\\nlines-Q6_K.gguf");
  });

  it("quant-types --for keeps the names exact in a pipe and in JSON", async () => {
    const piped = await run(["quant-types", "--for", file], false);
    expect(piped.stdout).toContain(OSC52);
    const json = await run(["quant-types", "--for", file, "--json"], true);
    expect((JSON.parse(json.stdout) as { file: string }[]).map((row) => row.file)).toContain(OSC52);
  });

  it("the --file hint names the files escaped, on one line", async () => {
    const result = await run(["snippet", file, "--app", "llama.cpp", "--file", "evil-Q8_0.gguf"], true);
    expect(result.status).toBe(2);
    expect(result.stderr).not.toMatch(ESC_OR_BIDI);
    expect(result.stderr).toContain("\\x1b]52;c;cm0gLXJmIH4=\\x07evil-Q8_0.gguf");
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(2);
  });

  it("printed commands show the chosen file escaped at a terminal, and exact in a pipe", async () => {
    const args = ["snippet", file, "--app", "llama.cpp", "--file", OSC52];
    const screen = await run(args, true);
    expect(screen.status).toBe(0);
    expect(screen.stdout + screen.stderr).not.toMatch(ESC_OR_BIDI);
    expect(screen.stdout).toContain("\\x1b]52;c;cm0gLXJmIH4=\\x07evil-Q8_0.gguf");
    const piped = await run(args, false);
    expect(piped.stdout).toContain(OSC52);
  });

  it("notes that name a file stay on one line and show no escape", async () => {
    const result = await run(["quant-types", "--for", file, "--fits", "64GB"], true);
    expect(result.status).toBe(0);
    expect(result.stderr).not.toMatch(ESC_OR_BIDI);
    for (const line of result.stderr.trimEnd().split("\n")) expect(line).toMatch(/^note: /);
  });
});
