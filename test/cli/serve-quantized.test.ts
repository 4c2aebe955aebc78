import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInProcess } from "../helpers/in-process.js";
import { startSafetensorsHub, type SafetensorsHub, type SafetensorsRepo } from "../helpers/safetensors-hub.js";
import * as models from "../helpers/safetensors-models.js";

/*
 * When nothing fits, the refusal names a quantized repository of the same
 * model where the hub lists one (`filter=base_model:quantized:ID`) whose
 * headers hold quantized weights and whose plan fits; a repository tagged so
 * but holding 16-bit weights is passed over, and a list that cannot be read
 * leaves the hint as it was.
 */

const LLAMA = "meta-llama/Llama-3.1-8B-Instruct";
const AWQ = "hugging-quants/Meta-Llama-3.1-8B-Instruct-AWQ-INT4";
const quantizedOf = (id: string) => ["transformers", "safetensors", "text-generation", `base_model:quantized:${id}`];

const repos: Record<string, SafetensorsRepo> = {
  [LLAMA]: { checkpoint: models.LLAMA_3_1_8B(), shardBytes: 5e9, metadata: { downloads: 1000 } },
  // Tagged as a quantization, more downloaded, and it fits, but its weights are 16-bit (a small model, mislabelled): not an answer.
  "acme/Llama-3.1-8B-Instruct-retagged": { checkpoint: models.QWEN3_0_6B(), metadata: { downloads: 900, tags: quantizedOf(LLAMA) } },
  [AWQ]: { checkpoint: models.LLAMA_3_1_8B_AWQ(), metadata: { downloads: 500, tags: quantizedOf(LLAMA) } },
  "Qwen/Qwen3-32B": { checkpoint: models.QWEN3_32B(), shardBytes: 5e9 },
};

let hub: SafetensorsHub;
let down: SafetensorsHub;
const root = mkdtempSync(join(tmpdir(), "hubref-serve-quantized-"));

beforeAll(async () => {
  hub = await startSafetensorsHub(repos);
  down = await startSafetensorsHub(repos, { searchStatus: 500 });
});

afterAll(async () => {
  await hub.close();
  await down.close();
  rmSync(root, { recursive: true, force: true });
});

let caches = 0;
const run = (on: SafetensorsHub, ...args: string[]) =>
  runInProcess(args, { env: { HF_ENDPOINT: on.endpoint, XDG_CACHE_HOME: join(root, `cache-${caches++}`), HF_TOKEN: undefined, NO_COLOR: "1" } });

describe("a quantized repository as the way forward", () => {
  it("names the quantized repository that fits when the weights do not", async () => {
    const result = await run(hub, "snippet", LLAMA, "--app", "vllm", "--fits", "16GB");
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^error: meta-llama\/Llama-3\.1-8B-Instruct does not fit 16GB with vLLM: its weights take/m);
    expect(result.stderr).toMatch(
      new RegExp(`^hint: what would: .*a quantized repository of the same model, such as ${AWQ.replace(/[.-]/g, "\\$&")}\\n$`, "m"),
    );
    const search = hub.searches.find((query) => query.getAll("filter").includes(`base_model:quantized:${LLAMA}`))!;
    expect(search.get("limit")).toBe("10");
    // The repository it names starts there, as its own snippet says.
    const named = await run(hub, "snippet", AWQ, "--app", "vllm", "--fits", "16GB");
    expect(named.status, named.stderr).toBe(0);
  });

  it("shows it on the model page too", async () => {
    const result = await run(hub, "model", LLAMA, "--fits", "16GB", "--json");
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).serve.hint).toContain(`a quantized repository of the same model, such as ${AWQ}`);
  });

  it("leaves it out when the hub lists none", async () => {
    const result = await run(hub, "snippet", "Qwen/Qwen3-32B", "--app", "vllm", "--fits", "2x4090");
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^hint: what would: --fits "4x RTX 4090"\n$/m);
  });

  it("leaves it out when the search fails, with the refusal otherwise the same", async () => {
    const result = await run(down, "snippet", LLAMA, "--app", "vllm", "--fits", "16GB");
    expect(result.status).toBe(2);
    expect(result.stderr.split("\n").filter((line) => line.startsWith("error: "))).toHaveLength(1);
    expect(result.stderr).not.toContain("quantized repository");
    expect(down.searches.length).toBeGreaterThan(0);
  });
});
