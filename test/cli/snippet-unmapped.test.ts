import { describe, expect, it } from "vitest";
import type { CommandContext } from "../../src/cli/context.js";
import { runProgram } from "../../src/cli/program.js";

const GGUF = "catalogue/models/bartowski--Llama-3.2-3B-Instruct-GGUF.json";

async function hubref(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const context: CommandContext = {
    stdout: { isTTY: false, write: (text: string) => (stdout += text) },
    stderr: { isTTY: false, write: (text: string) => (stderr += text) },
    env: { HUBREF_OFFLINE: "1" },
    stdinIsTTY: false,
  };
  const status = await runProgram(["node", "hubref", "snippet", ...args], context);
  return { status, stdout, stderr };
}

describe("hubref snippet --direct for a model without a provider mapping", () => {
  it("exits 2 instead of printing the provider's URL with the hub id as the model", async () => {
    const result = await hubref(GGUF, "--provider", "together", "--direct", "--language", "sh");
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "error: bartowski/Llama-3.2-3B-Instruct-GGUF: the metadata maps no together model id, so a direct call to together cannot name the model: set it with --provider-model-id, or leave out --direct\n",
    );
  });

  it("calls the provider under the id given with --provider-model-id", async () => {
    const result = await hubref(GGUF, "--provider", "together", "--direct", "--language", "sh", "--provider-model-id", "meta-llama/Llama-3.2-3B-Instruct-Turbo");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("https://api.together.xyz/v1/chat/completions");
    expect(result.stdout).toContain('"model": "meta-llama/Llama-3.2-3B-Instruct-Turbo"');
  });
});
