import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess } from "../helpers/in-process.js";

const GGUF = "catalogue/models/bartowski--Llama-3.2-3B-Instruct-GGUF.json";

/** Runs `hubref snippet ARGS` in-process, offline. */
const hubref = (...args: string[]) => runInProcess(["snippet", ...args], { env: { HUBREF_OFFLINE: "1" } });

describe("hubref snippet --direct for a model without a provider mapping", () => {
  it("exits 2 instead of printing the provider's URL with the hub id as the model", async () => {
    const result = await hubref(GGUF, "--provider", "together", "--direct", "--language", "sh");
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      `note: bartowski/Llama-3.2-3B-Instruct-GGUF: no inference provider serves this model; to run it yourself: hubref apps --for ${GGUF}\n` +
        "error: bartowski/Llama-3.2-3B-Instruct-GGUF: the metadata maps no together model id, so a direct call to together cannot name the model: set it with --provider-model-id, or leave out --direct\n",
    );
  });

  it("calls the provider under the id given with --provider-model-id", async () => {
    const result = await hubref(
      GGUF,
      "--provider",
      "together",
      "--direct",
      "--language",
      "sh",
      "--provider-model-id",
      "meta-llama/Llama-3.2-3B-Instruct-Turbo",
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("https://api.together.xyz/v1/chat/completions");
    expect(result.stdout).toContain('"model": "meta-llama/Llama-3.2-3B-Instruct-Turbo"');
  });
});

describe("hubref snippet for a GGUF or MLX model that no provider serves", () => {
  it.each([
    [GGUF, "bartowski/Llama-3.2-3B-Instruct-GGUF"],
    ["catalogue/models/mlx-community--Llama-3.2-3B-Instruct-4bit.json", "mlx-community/Llama-3.2-3B-Instruct-4bit"],
  ])("%s: says so on stderr and points to hubref apps, naming the file given (a hub lookup may not work offline)", async (file, id) => {
    const result = await hubref(file, "--language", "sh");
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(`note: ${id}: no inference provider serves this model; to run it yourself: hubref apps --for ${file}\n`);
  });

  it("says nothing of the kind for a model with a provider mapping", async () => {
    const result = await hubref("catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json", "--language", "sh");
    expect(result.stderr).toBe("");
  });
});

describe("hubref snippet for a model mapped to a provider hubref does not know", () => {
  it("says so, and lists the providers it has, instead of dropping the provider in silence", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hubref-newco-"));
    const file = join(dir, "m.json");
    writeFileSync(
      file,
      JSON.stringify({
        id: "acme/m",
        pipeline_tag: "text-generation",
        tags: ["conversational"],
        inferenceProviderMapping: { newco: { providerId: "x", status: "live", task: "conversational" } },
      }),
    );
    const result = await hubref(file, "--language", "sh");
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(
      /^note: acme\/m: its provider mapping names newco, which hubref has no snippets for yet; hubref's providers: baseten, .*together/,
    );
  });
});

describe("hubref snippet for a model mapped only in staging", () => {
  it("notes that no provider serves it live, so the call may fail, and how to choose one later", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hubref-staging-"));
    const file = join(dir, "m.json");
    const mapping = { together: { providerId: "x", status: "staging", task: "conversational" } };
    writeFileSync(file, JSON.stringify({ id: "acme/m", pipeline_tag: "text-generation", tags: ["conversational"], inferenceProviderMapping: mapping }));
    const result = await hubref(file, "--language", "sh");
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(
      "note: acme/m: no provider serves this model live yet (its mapping: together (staging)), so this call may fail; once one does, choose it with --provider\n",
    );
  });
});
