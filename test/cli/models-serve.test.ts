import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInProcess } from "../helpers/in-process.js";
import { startSafetensorsHub, type SafetensorsHub } from "../helpers/safetensors-hub.js";
import * as models from "../helpers/safetensors-models.js";

/*
 * `models --fits HARDWARE --app vllm|sglang` on a stand-in hub of
 * safetensors repositories: the search asks for safetensors weights, each
 * candidate is planned as `snippet --app vllm --fits` plans it (the rows'
 * plans are the snippet's), what does not fit is left out with its reason,
 * what cannot be planned is skipped, and an app that serves neither GGUF
 * files nor safetensors weights is refused.
 */

let hub: SafetensorsHub;
const root = mkdtempSync(join(tmpdir(), "hubref-models-serve-"));

beforeAll(async () => {
  hub = await startSafetensorsHub({
    "meta-llama/Llama-3.1-8B-Instruct": { checkpoint: models.LLAMA_3_1_8B(), shardBytes: 5e9, metadata: { downloads: 900 } },
    "Qwen/Qwen3-32B": { checkpoint: models.QWEN3_32B(), shardBytes: 5e9, metadata: { downloads: 800 } },
    "acme/no-heads": {
      checkpoint: models.QWEN3_0_6B(),
      files: { "config.json": JSON.stringify({ hidden_size: "1024", vocab_size: 10 }) },
      metadata: { downloads: 700 },
    },
    "Qwen/Qwen3-0.6B": { checkpoint: models.QWEN3_0_6B(), metadata: { downloads: 600 } },
    "deepseek-ai/DeepSeek-V3": { checkpoint: models.DEEPSEEK_V3(4), metadata: { downloads: 500, safetensors: { parameters: { BF16: 671e9 }, total: 671e9 } } },
    "acme/gguf-only": {
      files: { "model-Q4_K_M.gguf": Buffer.alloc(16) },
      metadata: { downloads: 1000, tags: ["transformers", "gguf", "text-generation"] },
    },
  });
});

afterAll(async () => {
  await hub.close();
  rmSync(root, { recursive: true, force: true });
});

let caches = 0;
const run = (args: string[], cache = join(root, `cache-${caches++}`)) =>
  runInProcess(args, { env: { HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: cache, HF_TOKEN: undefined, NO_COLOR: "1" } });

interface Row {
  id: string;
  parameters: number | null;
  downloads: number;
  plan: Record<string, unknown> & { engine: string; fits: boolean; maxModelLen: number };
}

describe("models --fits --app vllm", () => {
  it("lists the safetensors repositories vLLM starts there, each with the snippet's plan", async () => {
    const result = await run(["models", "--fits", "RTX 4090", "--app", "vllm", "--sort", "downloads", "--json"]);
    expect(result.status, result.stderr).toBe(0);
    const rows = JSON.parse(result.stdout) as Row[];
    expect(rows.map((row) => row.id)).toEqual(["meta-llama/Llama-3.1-8B-Instruct", "Qwen/Qwen3-0.6B"]);
    expect(rows[0]).toMatchObject({ downloads: 900, parameters: expect.any(Number), plan: { engine: "vllm", fits: true } });
    for (const row of rows) {
      const snippet = await run(["snippet", row.id, "--app", "vllm", "--fits", "RTX 4090", "--json"]);
      expect(snippet.status, snippet.stderr).toBe(0);
      expect(row.plan).toEqual((JSON.parse(snippet.stdout) as { plan: unknown }[])[0]!.plan);
    }
    const search = hub.searches.at(-1)!;
    expect(search.getAll("filter")).toContain("safetensors");
    expect(result.stderr).toMatch(/^note: models vLLM 0\.25 starts on RTX 4090, 24 GB/m);
    expect(result.stderr).toMatch(/^note: skipped 1 repository that could not be planned: acme\/no-heads \(cannot plan acme\/no-heads/m);
  });

  it("prints tab-separated numbers (id, params, weights, max model len, at once, downloads) when piped, and says why each was left out with --verbose", async () => {
    const result = await run(["models", "--fits", "RTX 4090", "--app", "vllm", "--sort", "downloads", "--ctx", "8192", "--verbose"]);
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    // No header line when piped: the first column feeds other commands.
    expect(lines[0]!.split("\t")).toEqual([
      "meta-llama/Llama-3.1-8B-Instruct",
      expect.stringMatching(/^\d+$/),
      expect.stringMatching(/^\d+$/),
      "8192",
      expect.stringMatching(/^\d+(\.\d+)?$/),
      "900",
    ]);
    expect(result.stderr).toMatch(/^note: left out Qwen\/Qwen3-32B: Qwen\/Qwen3-32B does not fit RTX 4090, 24 GB with vLLM: its weights take/m);
    expect(result.stderr).toMatch(/^note: left out deepseek-ai\/DeepSeek-V3: 671B parameters need at least/m);
    // The list's count ruled DeepSeek-V3 out: none of its files was read.
    expect(hub.fileRequests.some((request) => request.path.startsWith("/deepseek-ai/"))).toBe(false);
  });

  it("plans with SGLang for --app sglang", async () => {
    const result = await run(["models", "--fits", "H100", "--app", "sglang", "--limit", "1", "--sort", "downloads", "--json"]);
    expect(result.status, result.stderr).toBe(0);
    const rows = JSON.parse(result.stdout) as Row[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.plan.engine).toBe("sglang");
  });

  it("answers again from the cache with --offline", async () => {
    const cache = join(root, "kept");
    const first = await run(["models", "--fits", "RTX 4090", "--app", "vllm", "--json"], cache);
    expect(first.status, first.stderr).toBe(0);
    const searches = hub.searches.length;
    const again = await run(["models", "--fits", "RTX 4090", "--app", "vllm", "--json", "--offline"], cache);
    expect(again.status, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual(JSON.parse(first.stdout));
    expect(hub.searches.length).toBe(searches);
  });

  it.each([
    [
      ["--app", "drawthings"],
      /^error: --fits with --app lists the models an app runs on the hardware, and Draw Things runs neither GGUF files nor a server's safetensors weights\nhint: use --app llama\.cpp/,
    ],
    [["--app", "vllm", "--cache-type", "q8_0"], /^error: the cache types and flash attention are llama\.cpp's settings/],
    [["--app", "vllm", "--fits", "M3 Max:64"], /^error: vLLM runs on NVIDIA and AMD GPUs, not on Apple M3 Max, 64 GB\n/],
  ])("refuses %j with one error line", async (args, message) => {
    const fits = args.includes("--fits") ? [] : ["--fits", "RTX 4090"];
    const result = await run(["models", ...fits, ...args]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(message);
    expect(result.stderr.split("\n").filter((line) => line.startsWith("error: "))).toHaveLength(1);
  });
});
