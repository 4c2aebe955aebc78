import { PROVIDER_IDS } from "../../src/inference/id-lists.js";
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
    expect(result.stderr).toBe("note: acme/m: newco serves its chat through the router too (choose with --provider; hubref has no table for it)\n");
    // Its chat goes through the router, the provider named after the model.
    const routed = await hubref(file, "--language", "sh", "--provider", "newco");
    expect(routed.status, routed.stderr).toBe(0);
    expect(routed.stdout).toContain('"model": "acme/m:newco"');
    expect(routed.stdout).toContain("https://router.huggingface.co/v1/chat/completions");
    // Only hubref's own table could call it directly.
    const direct = await hubref(file, "--language", "sh", "--provider", "newco", "--direct");
    expect(direct.status).toBe(2);
    expect(direct.stderr).toBe(
      `error: hubref has no table for the provider newco, so it cannot call it directly\nhint: leave out --direct for its chat through the router, or choose one of: ${PROVIDER_IDS.join(", ")}\n`,
    );
    // A provider the mapping does not offer live.
    const absent = await hubref(file, "--language", "sh", "--provider", "quarkcompute");
    expect(absent.status).toBe(2);
    expect(absent.stderr).toContain("error: acme/m: no live provider quarkcompute in its provider mapping\nhint: its live providers: newco\n");
    // A typo of a provider hubref knows is still one.
    expect((await hubref(file, "--provider", "togther")).stderr).toContain("did you mean 'together'?");
  });

  it("refuses a task that is not chat for such a provider, saying what it would need", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hubref-newco-task-"));
    const file = join(dir, "m.json");
    const mapping = { newco: { providerId: "x", status: "live", task: "text-to-image" } };
    writeFileSync(file, JSON.stringify({ id: "acme/img", pipeline_tag: "text-to-image", tags: [], inferenceProviderMapping: mapping }));
    const note = await hubref(file, "--language", "python", "--client", "huggingface_hub");
    expect(note.stderr).toContain("note: acme/img: its provider mapping also names newco, which hubref has no table for\n");
    const refused = await hubref(file, "--provider", "newco");
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(
      /\nerror: acme\/img: hubref has no table for the provider newco: it writes chat through the router only \(acme\/img:newco\), not text-to-image\n/,
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
