import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInProcess } from "../helpers/in-process.js";
import { startSafetensorsHub, type SafetensorsHub } from "../helpers/safetensors-hub.js";
import * as models from "../helpers/safetensors-models.js";

/*
 * `model ID --fits HARDWARE` for a safetensors repository: the serving
 * verdict (vLLM, MLX LM on an Apple chip) from the plan `snippet --app vllm
 * --fits` makes, so the page's plan is the snippet's, and its command is
 * the snippet's server line.
 */

let hub: SafetensorsHub;
const root = mkdtempSync(join(tmpdir(), "hubref-model-serve-"));

beforeAll(async () => {
  hub = await startSafetensorsHub({
    "meta-llama/Llama-3.1-8B-Instruct": { checkpoint: models.LLAMA_3_1_8B(), shardBytes: 5e9 },
    "Qwen/Qwen3-32B": { checkpoint: models.QWEN3_32B(), shardBytes: 5e9 },
    "mlx-community/Qwen3-8B": {
      checkpoint: models.QWEN3_8B(),
      shardBytes: 5e9,
      metadata: { library_name: "mlx", tags: ["mlx", "safetensors", "text-generation"] },
    },
  });
});

afterAll(async () => {
  await hub.close();
  rmSync(root, { recursive: true, force: true });
});

let caches = 0;
const hubref = (...args: string[]) =>
  runInProcess(args, { env: { HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: join(root, `cache-${caches++}`), HF_TOKEN: undefined, NO_COLOR: "1" } });

interface Step {
  content: string;
  plan: Record<string, unknown>;
}

describe("model ID --fits for a safetensors repository", () => {
  it.each([
    ["meta-llama/Llama-3.1-8B-Instruct", ["--fits", "RTX 4090"]],
    ["meta-llama/Llama-3.1-8B-Instruct", ["--fits", "H100", "--ctx", "16k"]],
    ["Qwen/Qwen3-32B", ["--fits", "4x4090"]],
  ])("gives %s the snippet's plan and command (%j)", async (id, args) => {
    const page = await hubref("model", id, ...args, "--json");
    expect(page.status, page.stderr).toBe(0);
    const serve = (JSON.parse(page.stdout) as { serve: { engine: string; fits: boolean; plan: Record<string, unknown>; command: string } }).serve;
    const snippet = await hubref("snippet", id, "--app", "vllm", ...args, "--json");
    expect(snippet.status, snippet.stderr).toBe(0);
    const steps = JSON.parse(snippet.stdout) as Step[];
    expect(serve.engine).toBe("vllm");
    expect(serve.fits).toBe(true);
    expect(serve.plan).toEqual(steps[0]!.plan);
    expect(steps.map((step) => step.content.replace(/\s*&$/, ""))).toContain(serve.command);
  });

  it("shows the context that fits, the concurrency and the command on the page", async () => {
    const result = await hubref("model", "meta-llama/Llama-3.1-8B-Instruct", "--fits", "RTX 4090");
    expect(result.status, result.stderr).toBe(0);
    const section = result.stdout.slice(result.stdout.indexOf("Serving with"));
    expect(section).toMatch(/^Serving with vLLM 0\.25 on RTX 4090, 24 GB\n {2}starts {10}yes\n/);
    const length = Number(/max model len +([\d,]+) tokens \(trained: 131,072\)/.exec(section)![1]!.replace(/,/g, ""));
    expect(length).toBeGreaterThan(16384);
    expect(section).toMatch(/concurrency +1\.\d\d requests of that length at once/);
    expect(section).toMatch(/KV cache +[\d,]+ tokens, [\d.]+ GB/);
    expect(section).toContain(`command         vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len ${length} --port 8000`);
    expect(section).toContain("snippet         hubref snippet meta-llama/Llama-3.1-8B-Instruct --app vllm --fits 'RTX 4090'");
  });

  it("says when it does not start and what would, as the snippet's refusal does, and still shows the page", async () => {
    const result = await hubref("model", "meta-llama/Llama-3.1-8B-Instruct", "--fits", "RTX 4090", "--ctx", "131072");
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("Local apps");
    const refused = await hubref("snippet", "meta-llama/Llama-3.1-8B-Instruct", "--app", "vllm", "--fits", "RTX 4090", "--ctx", "131072");
    const error = /^error: (.*)$/m.exec(refused.stderr)![1]!;
    const hint = /^hint: what would: (.*)$/m.exec(refused.stderr)![1]!;
    expect(result.stdout).toContain(`starts          no: ${error}`);
    expect(result.stdout).toContain(`what would      ${hint}`);
    const json = JSON.parse((await hubref("model", "meta-llama/Llama-3.1-8B-Instruct", "--fits", "RTX 4090", "--ctx", "131072", "--json")).stdout);
    expect(json.serve).toMatchObject({ fits: false, command: null, why: error, plan: { fits: false, maxModelLen: 131072 } });
  });

  it("plans an MLX repository on an Apple chip with MLX LM", async () => {
    const result = await hubref("model", "mlx-community/Qwen3-8B", "--fits", "M3 Max:64", "--json");
    expect(result.status, result.stderr).toBe(0);
    const serve = JSON.parse(result.stdout).serve;
    expect(serve).toMatchObject({ engine: "mlx-lm", fits: true, plan: { engine: "mlx-lm" } });
    expect(serve.command).toMatch(/^mlx_lm\.server --model mlx-community\/Qwen3-8B/);
  });

  it("leaves the page as it was without --fits, reading no header", async () => {
    const before = hub.fileRequests.length;
    const result = await hubref("model", "meta-llama/Llama-3.1-8B-Instruct", "--json");
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).serve).toBeUndefined();
    expect(hub.fileRequests.slice(before)).toEqual([]);
  });
});
