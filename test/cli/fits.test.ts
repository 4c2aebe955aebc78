import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGgufHub, type GgufHub, type RepoFile } from "../helpers/gguf-hub.js";
import { llama, qwen2vl, LLAMA_8B_QUANT_SIZES } from "../helpers/gguf-models.js";
import { ByteWriter, writeGguf } from "../helpers/gguf-writer.js";
import { runInProcess } from "../helpers/in-process.js";

/*
 * `--fits` end to end, in-process, against a stand-in hub that serves GGUF
 * headers with Range: a Llama 3.1 8B repository (sizes of the published
 * quants), a vision repository with projectors, and a hostile one.
 */

const LLAMA = "acme/Llama-3.1-8B-Instruct-GGUF";
const VISION = "acme/Qwen2-VL-7B-Instruct-GGUF";
const HOSTILE = "acme/Hostile-GGUF";
const SPLIT = "acme/Split-GGUF";
const header = writeGguf(llama(32_000).spec);
const llamaFiles: RepoFile[] = LLAMA_8B_QUANT_SIZES.map(([quant, size]) => ({ name: `Llama-3.1-8B-Instruct-${quant}.gguf`, size, content: header }));
const visionHeader = writeGguf(qwen2vl(1000).spec);
const hostileHeader = new ByteWriter()
  .bytes(Buffer.from("GGUF"))
  .u32(3)
  .u64(0)
  .u64(1)
  .u64(2n ** 63n)
  .toBuffer();

// With --ctx 32768 and f16: KV cache 32 × 32768 × 8 × 256 × 2 bytes; compute with flash attention (llama.cpp's auto):
// the logits phase 4 × 512 × (128,256 + 2 × 4096) with the allocator's 8% allowance, and one sequence's logits 4 × 128,256.
const KV = 4_294_967_296;
const COMPUTE = Math.ceil(1.08 * 4 * 512 * (128_256 + 2 * 4096)) + 4 * 128_256;
const need = (weights: number) => weights + KV + COMPUTE;

let hub: GgufHub;
const root = mkdtempSync(join(tmpdir(), "hubref-fits-"));
const cache = join(root, "cache");
const bin = join(root, "bin");
beforeAll(async () => {
  hub = await startGgufHub({
    [LLAMA]: { files: llamaFiles, gguf: { architecture: "llama", context_length: 131072, total: 8.03e9 } },
    [VISION]: {
      files: [
        { name: "Qwen2-VL-7B-Instruct-Q4_K_M.gguf", size: 4.68e9, content: visionHeader },
        { name: "Qwen2-VL-7B-Instruct-Q8_0.gguf", size: 8.1e9, content: visionHeader },
        { name: "mmproj-Qwen2-VL-7B-Instruct-f16.gguf", size: 1.35e9 },
        { name: "mmproj-Qwen2-VL-7B-Instruct-Q8_0.gguf", size: 0.85e9 },
      ],
    },
    [SPLIT]: {
      files: [
        { name: "Q8_0/Split-Q8_0-00001-of-00002.gguf", size: 5e9, content: header },
        { name: "Q8_0/Split-Q8_0-00002-of-00002.gguf", size: 3.54e9 },
      ],
    },
    [HOSTILE]: { files: [{ name: "Hostile-Q4_K_M.gguf", size: 4.92e9, content: hostileHeader }], gguf: { context_length: 4096 } },
  });
  mkdirSync(bin);
  writeFileSync(join(bin, "nvidia-smi"), '#!/bin/sh\necho "NVIDIA GeForce RTX 3060, 12288, 512"\n');
  chmodSync(join(bin, "nvidia-smi"), 0o755);
});
afterAll(async () => {
  await hub.close();
  rmSync(root, { recursive: true, force: true });
});

const env = (extra: NodeJS.ProcessEnv = {}) => ({ HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: cache, HF_TOKEN: undefined, ...extra });
const gb = (bytes: number) => `${(bytes / 1e9).toFixed(2)} GB`;
const snippet = (id: string, ...args: string[]) => runInProcess(["snippet", id, "--app", "llama.cpp", ...args], { env: env() });

/** What a bare size lets a plan fill: its bytes less the 1 GiB margin. */
const usable = (bytes: number) => bytes - 2 ** 30;

describe("hubref snippet ID --app llama.cpp --fits", () => {
  it("a size: the largest of Q4_K_M's class whose weights + KV cache + compute buffers fit with 1 GiB kept free, and why", async () => {
    const result = await snippet(LLAMA, "--fits", "12GB", "--ctx", "32768");
    expect(result.status).toBe(0);
    // Q6_K needs 11.20 GB, more than the 10.93 GB the margin leaves: Q5_K_M.
    expect(need(6.6e9)).toBeGreaterThan(usable(12e9));
    expect(result.stdout).toContain(`-hf ${LLAMA}:Q5_K_M`);
    expect(result.stderr).toBe(
      `note: Q5_K_M is the largest of Q4_K_M's class (up to Q8_0) that fits at 32,768 tokens (${gb(need(5.73e9))}); Q6_K would need ${gb(need(6.6e9))}\n` +
        `note: Q5_K_M at 32,768 tokens (f16 cache, flash attention on) fits in 12GB: all 33 layers in memory; system memory ${gb(need(5.73e9))} of ${gb(usable(12e9))} (1.07 GB kept free)\n`,
    );
  });

  it("hardware by name: entirely on the GPU, 1 GiB of it kept free, 32 GB of system memory assumed and said", async () => {
    const result = await snippet(LLAMA, "--fits", "RTX 4090", "--ctx", "32768");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`-hf ${LLAMA}:Q8_0`);
    expect(result.stderr).toMatch(
      /^note: Q8_0 is the largest of Q4_K_M's class \(up to Q8_0\) that runs entirely on the GPU at 32,768 tokens \(1\d\.\d\d GB of its 24\.70 GB\)\nnote: Q8_0 at 32,768 tokens \(f16 cache, flash attention on\) fits on RTX 4090, 24 GB \(25\.77 GB\) with 32 GB of system memory \(assumed: --ram sets it\): all 33 layers on the GPU; GPU 1\d\.\d\d GB of 24\.70 GB \(1\.07 GB of the GPU kept free\)(; ≈ \d+ tok\/s, estimated from memory bandwidth)?\n$/,
    );
  });

  it("a smaller cache type fits a larger quant", async () => {
    const f16 = await snippet(LLAMA, "--fits", "7.5GB", "--ctx", "8192");
    const q4 = await snippet(LLAMA, "--fits", "7.5GB", "--ctx", "8192", "--cache-type", "q4_0");
    expect(f16.stdout).toContain(`-hf ${LLAMA}:Q4_K_M`);
    expect(q4.stdout).toContain(`-hf ${LLAMA}:Q5_K_M`);
    expect(q4.stderr).toMatch(/^note: Q5_K_M is the largest of Q4_K_M's class/);
    expect(q4.stderr).toContain("(q4_0 cache, flash attention on)");
  });

  it("auto: the GPU that nvidia-smi reports and the system memory found, said on stderr; the margin kept on its free memory", async () => {
    const result = await runInProcess(["snippet", LLAMA, "--app", "llama.cpp", "--fits", "auto", "--ctx", "32768"], {
      env: env({ PATH: `${bin}:/usr/bin:/bin` }),
    });
    expect(result.status).toBe(0);
    const lines = result.stderr.split("\n");
    expect(lines[0]).toMatch(/^note: --fits auto: found NVIDIA GeForce RTX 3060 \(12\.88 GB, 12\.35 GB free\); .* of (available )?system memory/);
    // 12.35 GB free less 1 GiB leaves 11.27 GB: Q6_K (10.77 GB on the GPU) is the largest of the class that runs there alone.
    expect(result.stdout).toContain(`-hf ${LLAMA}:Q6_K`);
    expect(result.stderr).toMatch(
      /^note: Q6_K is the largest of Q4_K_M's class \(up to Q8_0\) that runs entirely on the GPU at 32,768 tokens \(10\.77 GB of its 11\.27 GB\); Q8_0 would run \d+ of 33 layers on the GPU/m,
    );
  });

  it("no quant fits: exit 2, the smallest's need and what the plan may use", async () => {
    const result = await snippet(LLAMA, "--fits", "RTX 3050 Mobile:4", "--ctx", "max", "--ram", "4GB");
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /^error: no quant of acme\/Llama-3\.1-8B-Instruct-GGUF fits on RTX 3050 Mobile, .*: the smallest, Q2_K, needs 2\d\.\d\d GB, and the plan may use \d\.\d\d GB \(margins kept\)\n/,
    );
    expect(result.stderr).toMatch(/\nhint: a smaller --ctx or --cache-type q8_0 needs less; with a GPU, --ram says how much system memory is beside it\n$/);
  });

  it("nothing of the class fits the GPU alone: the class's smallest, with layers in system memory, never a low quant that fits the GPU", async () => {
    const result = await snippet(LLAMA, "--fits", "RTX 3050 Mobile:4", "--ctx", "8192");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`-hf ${LLAMA}:Q4_K_M`);
    expect(result.stderr).toMatch(
      /^note: nothing of Q4_K_M's class \(up to Q8_0\) fits the GPU's 3\.22 GB alone at 8,192 tokens; Q4_K_M, its smallest, runs \d+ of 33 layers on the GPU/,
    );
  });

  it("an unknown device exits 2 with a suggestion", async () => {
    const result = await snippet(LLAMA, "--fits", "RTX 4099");
    expect(result).toMatchObject({
      status: 2,
      stdout: "",
      stderr: "error: unknown hardware 'RTX 4099'\nhint: did you mean 'RTX 4090'? (`hubref hardware` lists every device)\n",
    });
  });

  it("a vision repository counts the smallest projector", async () => {
    const result = await snippet(VISION, "--fits", "9GB", "--ctx", "4096");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`-hf ${VISION}:Q4_K_M`);
    const json = JSON.parse((await snippet(VISION, "--fits", "9GB", "--ctx", "4096", "--json")).stdout) as { plan: { devices: { weights: number }[] } }[];
    // 4.68 GB of the file and 0.85 GB of the smaller projector.
    expect(json[0]!.plan.devices.reduce((sum, device) => sum + device.weights, 0)).toBeCloseTo(5.53e9, -6);
  });

  it("a hostile header: no verdict, and an error that says why, no crash", async () => {
    const result = await snippet(HOSTILE, "--fits", "8GB");
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      "error: cannot judge whether acme/Hostile-GGUF fits at 4,096 tokens: the KV cache and compute buffers are sized from its GGUF header, and cannot read the GGUF header of Hostile-Q4_K_M.gguf: a string's length is 9,223,372,036,854,775,808, more than key-value pair 1 of 1 can hold within hubref's cap\n" +
        "hint: leave out --fits for the commands without a plan, or let hubref reach the hub (the metadata names the repository)\n",
    );
  });

  it("a split quant: the header is read from its first shard, and every shard is counted", async () => {
    const before = hub.fileRequests.length;
    const result = await snippet(SPLIT, "--fits", "RTX 4090", "--ctx", "32768");
    expect(result.status).toBe(0);
    const json = JSON.parse((await snippet(SPLIT, "--fits", "RTX 4090", "--ctx", "32768", "--json")).stdout) as { plan: { devices: { weights: number }[] } }[];
    expect(json[0]!.plan.devices.reduce((sum, device) => sum + device.weights, 0)).toBeCloseTo(8.54e9, -6);
    expect(new Set(hub.fileRequests.slice(before).map((request) => request.path))).toEqual(
      new Set([`/${SPLIT}/resolve/main/Q8_0/Split-Q8_0-00001-of-00002.gguf`]),
    );
  });

  it("no header: quant-types lists the quants without a verdict, and says why", async () => {
    const result = await runInProcess(["quant-types", "--for", HOSTILE, "--fits", "8GB", "--json"], { env: env() });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ctx: 4096, choice: null, quants: [{ memory: null, fits: null }] });
    expect(result.stderr).toMatch(/^note: cannot judge whether acme\/Hostile-GGUF fits at 4,096 tokens/m);
  });

  it("--offline plans from the cached header; --refresh reads it again", async () => {
    await snippet(LLAMA, "--fits", "12GB");
    const before = hub.fileRequests.length;
    const apiBefore = hub.apiRequests.length;
    const offline = await runInProcess(["snippet", LLAMA, "--app", "llama.cpp", "--fits", "12GB", "--offline"], { env: env() });
    expect(offline.status).toBe(0);
    expect(offline.stderr).toMatch(/at 8,192 tokens \(f16 cache/);
    expect(hub.fileRequests.length).toBe(before);
    expect(hub.apiRequests.length).toBe(apiBefore);
    expect((await snippet(LLAMA, "--fits", "12GB", "--refresh")).status).toBe(0);
    expect(hub.fileRequests.length).toBeGreaterThan(before);
  });

  it("--ctx and the cache types: checked before any model is read", async () => {
    expect((await snippet(LLAMA, "--fits", "8GB", "--ctx", "lots")).stderr).toBe(
      "error: --ctx takes a number of tokens (32768, 32k, 1M), max or fit; got 'lots'\nhint: for example: --ctx 32k\n",
    );
    expect((await snippet(LLAMA, "--fits", "8GB", "--cache-type", "q8")).stderr).toBe(
      "error: --cache-type takes f16, q8_0, q4_0, got 'q8'\nhint: for example: --cache-type q8_0\n",
    );
    expect((await runInProcess(["snippet", LLAMA, "--ctx", "4096"], { env: env() })).status).toBe(2);
  });
});

describe("hubref quant-types --for ID --ctx --fits", () => {
  it("per quant: file size, estimated memory, whether it fits; --json has the terms", async () => {
    const result = await runInProcess(["quant-types", "--for", LLAMA, "--ctx", "32768", "--fits", "12GB"], { env: env() });
    expect(result.status).toBe(0);
    expect(result.stdout.split("\n")[3]).toBe(`Q4_K_M\t1 file\t4.92 GB\t${gb(need(4.92e9))}\tyes\tLlama-3.1-8B-Instruct-Q4_K_M.gguf`);
    expect(result.stdout.split("\n")[0]).toMatch(/^Q8_0\t1 file\t8\.54 GB\t13\.14 GB\tno\t/);
    const json = JSON.parse((await runInProcess(["quant-types", "--for", LLAMA, "--ctx", "32768", "--fits", "12GB", "--json"], { env: env() })).stdout);
    expect(json).toMatchObject({ model: LLAMA, ctx: 32768, cacheType: "f16", choice: "Llama-3.1-8B-Instruct-Q5_K_M.gguf" });
    expect(json.quants[3]).toMatchObject({
      quant: "Q4_K_M",
      memory: { weights: 4.92e9, kvCache: KV, compute: COMPUTE, total: need(4.92e9), rule: "attention" },
      fits: true,
    });
  });

  it("--ctx alone: the memory column without a verdict", async () => {
    const result = await runInProcess(["quant-types", "--for", LLAMA, "--ctx", "max"], { env: env() });
    expect(result.status).toBe(0);
    expect(result.stdout.split("\n")[0]).toMatch(/^Q8_0\t1 file\t8\.54 GB\t\d+\.\d\d GB\tLlama-3\.1-8B-Instruct-Q8_0\.gguf$/);
  });
});
