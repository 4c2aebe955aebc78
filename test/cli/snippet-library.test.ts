import { describe, expect, it } from "vitest";
import type { CommandContext } from "../../src/cli/context.js";
import { runProgram } from "../../src/cli/program.js";

const LORA = "catalogue/models/ostris--watercolor_style_lora_sdxl.json";

/** Runs `hubref ARGS` in-process, as through a pipe, and collects both streams. */
async function hubref(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const context: CommandContext = {
    stdout: { isTTY: false, write: (text: string) => (stdout += text) },
    stderr: { isTTY: false, write: (text: string) => (stderr += text) },
    env: { HUBREF_OFFLINE: "1" },
    stdinIsTTY: false,
  };
  const status = await runProgram(["node", "hubref", ...args], context);
  return { status, stdout, stderr };
}

describe("hubref snippet --library with other options", () => {
  it("--language keeps only the blocks in that language", async () => {
    const python = await hubref("snippet", LORA, "--library", "--language", "python");
    expect(python.status).toBe(0);
    expect(python.stdout).toContain('pipe.load_lora_weights("ostris/watercolor_style_lora_sdxl")');
    expect(python.stdout).not.toContain("pip install");
    const sh = await hubref("snippet", LORA, "--library", "--language", "sh", "--json");
    expect((JSON.parse(sh.stdout) as { language: string }[]).map((block) => block.language)).toEqual(["sh"]);
  });

  it("exits 2 when the library has no code in that language, naming the ones it has", async () => {
    const result = await hubref("snippet", LORA, "--library", "--language", "js");
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "error: ostris/watercolor_style_lora_sdxl: the library 'diffusers' has no js usage code\nhint: its usage code is in: sh, python\n",
    );
  });

  it.each([
    [["--client", "requests"], "--client does"],
    [["--provider", "together"], "--provider does"],
    [["--stream"], "--stream does"],
    [["--client", "openai", "--stream"], "--client, --stream do"],
  ])("refuses %j with exit 2 instead of ignoring it", async (flags, named) => {
    const result = await hubref("snippet", LORA, "--library", ...flags);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      `error: --library prints the library's usage code, which ${named} not apply to\nhint: leave out --library for inference API snippets\n`,
    );
  });
});
