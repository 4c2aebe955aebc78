import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInProcess } from "../helpers/in-process.js";
import { startSafetensorsHub, type SafetensorsHub } from "../helpers/safetensors-hub.js";
import * as models from "../helpers/safetensors-models.js";

/*
 * `snippet MODEL --app vllm|sglang|mlx-lm --fits HARDWARE` for safetensors
 * models on a stand-in hub: the command carries the plan (context,
 * tensor-parallel size, the memory and cache settings asked), the verdict
 * goes to stderr, --json holds the plan, and what cannot run is one error
 * naming what would, with nothing printed on stdout.
 */

let hub: SafetensorsHub;
const root = mkdtempSync(join(tmpdir(), "hubref-serve-"));

beforeAll(async () => {
  hub = await startSafetensorsHub({
    "meta-llama/Llama-3.1-8B-Instruct": { checkpoint: models.LLAMA_3_1_8B(), shardBytes: 5e9 },
    "Qwen/Qwen3-32B": { checkpoint: models.QWEN3_32B(), shardBytes: 5e9 },
    "google/gemma-3-27b-it": { checkpoint: models.gemma3(), shardBytes: 5e9 },
    "openai/gpt-oss-20b": { checkpoint: models.GPT_OSS_20B(), shardBytes: 5e9 },
    "ibm-granite/granite-4.0-h-tiny": { checkpoint: models.granite4Hybrid() },
    "deepseek-ai/DeepSeek-V2-Lite-Chat": { checkpoint: models.DEEPSEEK_V2_LITE(), shardBytes: 5e9 },
    "mlx-community/Qwen3-8B": {
      checkpoint: models.QWEN3_8B(),
      shardBytes: 5e9,
      metadata: { library_name: "mlx", tags: ["mlx", "safetensors", "text-generation"] },
    },
    "acme/gguf-only": {
      files: { "model-Q4_K_M.gguf": Buffer.alloc(16) },
      metadata: { library_name: "transformers", tags: ["transformers", "gguf", "text-generation", "conversational"] },
    },
    "acme/no-heads": { checkpoint: models.QWEN3_0_6B(), files: { "config.json": JSON.stringify({ hidden_size: "1024", vocab_size: 10 }) } },
  });
});

afterAll(async () => {
  await hub.close();
  rmSync(root, { recursive: true, force: true });
});

let caches = 0;
const snippet = (...args: string[]) =>
  runInProcess(["snippet", ...args], { env: { HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: join(root, `cache-${caches++}`), HF_TOKEN: undefined } });
const serveLine = (stdout: string) => stdout.split("\n").find((line) => line.startsWith("vllm serve"));

interface PlanJson {
  engine: string;
  version: string;
  fits: boolean;
  weightsBytes: number;
  kvBytesPerToken: number;
  kvCacheBytes: number;
  kvCacheTokens: number;
  maxModelLen: number;
  maxConcurrency: number;
  gpuMemoryUtilization: number;
  tensorParallelSize: number;
}

describe("snippet --app vllm --fits", () => {
  it("prints a command that starts on an RTX 4090: the largest context that fits, the verdict on stderr", async () => {
    const result = await snippet("meta-llama/Llama-3.1-8B-Instruct", "--app", "vllm", "--fits", "RTX 4090");
    expect(result.status, result.stderr).toBe(0);
    const line = serveLine(result.stdout)!;
    const length = Number(/--max-model-len (\d+)/.exec(line)![1]);
    expect(length).toBeGreaterThan(16384);
    expect(length).toBeLessThan(131072);
    expect(line).toBe(`vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len ${length} --port 8000 &`);
    expect(result.stderr).toMatch(/^note: vLLM 0\.25 starts meta-llama\/Llama-3\.1-8B-Instruct on RTX 4090, 24 GB at [\d,]+ tokens \(trained: 131,072\)/m);
    expect(result.stderr).toMatch(/requests of that length at once/);
    expect(result.stderr).toMatch(/--gpu-memory-utilization 0\.92 \(default\)/);
  });

  it("puts the plan in --json, with the command's settings", async () => {
    const result = await snippet("meta-llama/Llama-3.1-8B-Instruct", "--app", "vllm", "--fits", "RTX 4090", "--ctx", "16k", "--json");
    expect(result.status, result.stderr).toBe(0);
    const steps = JSON.parse(result.stdout) as { content: string; plan: PlanJson }[];
    const plan = steps[0]!.plan;
    expect(plan).toMatchObject({ engine: "vllm", fits: true, maxModelLen: 16384, tensorParallelSize: 1, gpuMemoryUtilization: 0.92, kvBytesPerToken: 131072 });
    expect(plan.kvCacheTokens).toBeGreaterThan(16384);
    expect(plan.maxConcurrency).toBeCloseTo(plan.kvCacheTokens / 16384, 1);
    expect(steps.some((step) => step.content.includes("--max-model-len 16384"))).toBe(true);
  });

  it("splits over the GPUs named, and carries the cache dtype and memory share asked", async () => {
    const result = await snippet("Qwen/Qwen3-32B", "--app", "vllm", "--fits", "4x4090", "--kv-cache-dtype", "fp8", "--gpu-memory-utilization", "0.9", "--json");
    expect(result.status, result.stderr).toBe(0);
    const steps = JSON.parse(result.stdout) as { content: string; plan: PlanJson }[];
    expect(steps[0]!.plan).toMatchObject({ tensorParallelSize: 4, gpuMemoryUtilization: 0.9, maxModelLen: 40960 });
    const serve = steps.find((step) => step.content.startsWith("vllm serve"))!.content;
    expect(serve).toContain("--tensor-parallel-size 4");
    expect(serve).toContain("--gpu-memory-utilization 0.9");
    expect(serve).toContain("--kv-cache-dtype fp8");
    expect(serve).toContain("--max-model-len 40960");
  });

  it("plans sliding windows, MLA and a Mamba hybrid", async () => {
    for (const id of ["google/gemma-3-27b-it", "openai/gpt-oss-20b", "ibm-granite/granite-4.0-h-tiny", "deepseek-ai/DeepSeek-V2-Lite-Chat"]) {
      const result = await snippet(id, "--app", "vllm", "--fits", "H100", "--json");
      expect(result.status, `${id}: ${result.stderr}`).toBe(0);
      const plan = (JSON.parse(result.stdout) as { plan: PlanJson }[])[0]!.plan;
      expect(plan.fits).toBe(true);
      expect(plan.kvCacheTokens).toBeGreaterThan(0);
    }
  });

  it("exits 2 when the context asked does not fit, naming what would", async () => {
    const result = await snippet("meta-llama/Llama-3.1-8B-Instruct", "--app", "vllm", "--fits", "RTX 4090", "--ctx", "131072");
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(
      /^error: vLLM would not start meta-llama\/Llama-3\.1-8B-Instruct on RTX 4090, 24 GB at 131,072 tokens: the KV cache holds [\d,]+ tokens after the weights\n/,
    );
    expect(result.stderr).toMatch(/^hint: what would: --ctx \d+ or less; --fits "2x RTX 4090"\n$/m);
  });

  it("exits 2 when the weights alone do not fit, naming the GPUs that would", async () => {
    const result = await snippet("Qwen/Qwen3-32B", "--app", "vllm", "--fits", "2x4090");
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("its weights take 32.77 GB per GPU");
    expect(result.stderr).toContain('what would: --fits "4x RTX 4090"');
  });

  it.each([
    [["--fits", "3x4090"], /3 GPUs cannot split 32 attention heads/],
    [["--fits", "RTX 4090", "--gpu-memory-utilization", "1.5"], /--gpu-memory-utilization takes a share above 0 and at most 1, got '1\.5'/],
    [["--fits", "RTX 4090", "--gpu-memory-utilization", "0"], /--gpu-memory-utilization takes a share above 0/],
    [["--kv-cache-dtype", "q8_0"], /--kv-cache-dtype takes auto, fp8, fp8_e4m3, fp8_e5m2, bfloat16, float16, got 'q8_0'/],
    [["--fits", "M3 Max:64"], /vLLM runs on NVIDIA and AMD GPUs, not on Apple M3 Max, 64 GB/],
    [["--fits", "RTX 4090", "--cache-type", "q8_0"], /llama\.cpp's settings/],
  ])("refuses %j with one error line", async (args, message) => {
    const result = await snippet("meta-llama/Llama-3.1-8B-Instruct", "--app", "vllm", ...args);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr.split("\n").filter((line) => line.startsWith("error: "))).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  it("points a GGUF-only repository to llama.cpp, and refuses a config without the needed fields", async () => {
    const gguf = await snippet("acme/gguf-only", "--app", "vllm", "--fits", "RTX 4090", "--kv-cache-dtype", "fp8");
    expect(gguf.status).toBe(2);
    expect(gguf.stderr).toMatch(/--kv-cache-dtype and --gpu-memory-utilization set a server's memory for safetensors weights/);
    const config = await snippet("acme/no-heads", "--app", "vllm", "--fits", "RTX 4090");
    expect(config.status).toBe(2);
    expect(config.stdout).toBe("");
    expect(config.stderr).toMatch(/^error: cannot plan acme\/no-heads: its config\.json 'hidden_size' is not a number \(1024\)\n/);
  });

  it("without --fits, lets vLLM fit the context after loading, and says so", async () => {
    const result = await snippet("meta-llama/Llama-3.1-8B-Instruct", "--app", "vllm");
    expect(result.status, result.stderr).toBe(0);
    expect(serveLine(result.stdout)).toBe("vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len auto --port 8000 &");
    expect(result.stderr).toContain("--max-model-len auto");
    // No headers are read without --fits.
    expect(hub.fileRequests.some((request) => request.path.includes("Llama-3.1-8B-Instruct/resolve") && request.range === undefined)).toBe(false);
  });
});

describe("snippet --app sglang and mlx-lm --fits", () => {
  it("gives SGLang its context, tensor-parallel size and cache dtype", async () => {
    const result = await snippet("Qwen/Qwen3-32B", "--app", "sglang", "--fits", "2x H100", "--kv-cache-dtype", "fp8", "--json");
    expect(result.status, result.stderr).toBe(0);
    const steps = JSON.parse(result.stdout) as { content: string; plan: PlanJson }[];
    expect(steps[0]!.plan).toMatchObject({ engine: "sglang", tensorParallelSize: 2, fits: true });
    const launch = steps.find((step) => step.content.includes("sglang.launch_server"))!.content;
    expect(launch).toContain("--tp 2");
    expect(launch).toContain("--kv-cache-dtype fp8_e4m3");
    expect(launch).toMatch(/--context-length \d+/);
  });

  it("plans MLX LM in an Apple chip's GPU share, and refuses it on a GPU", async () => {
    const mac = await snippet("mlx-community/Qwen3-8B", "--app", "mlx-lm", "--fits", "M3 Max:64", "--json");
    expect(mac.status, mac.stderr).toBe(0);
    const plan = (JSON.parse(mac.stdout) as { plan: PlanJson }[])[0]!.plan;
    expect(plan).toMatchObject({ engine: "mlx-lm", fits: true, maxModelLen: 40960 });
    const gpu = await snippet("mlx-community/Qwen3-8B", "--app", "mlx-lm", "--fits", "RTX 4090");
    expect(gpu.status).toBe(2);
    expect(gpu.stderr).toMatch(/MLX LM runs on Apple chips, not on RTX 4090/);
  });
});
