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

describe("hubref snippet ID --app llama.cpp --fits", () => {
  it("a size: the largest quant whose weights + KV cache + compute buffers fit, and why", async () => {
    const result = await snippet(LLAMA, "--fits", "12GB", "--ctx", "32768");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`-hf ${LLAMA}:Q6_K`);
    expect(result.stderr).toBe(
      `note: Q6_K is the largest quant that fits in 12GB: it needs ${gb(need(6.6e9))} (6.60 GB weights + ${gb(KV)} KV cache (32,768 tokens, f16) + 302.3 MB compute buffers); ` +
        `Q8_0 would need ${gb(need(8.54e9))} (8.54 GB weights + ${gb(KV)} KV cache (32,768 tokens, f16) + 302.3 MB compute buffers)\n` +
        `note: Q6_K at 32,768 tokens (f16 cache, flash attention on) fits in 12GB: all 32 layers in system memory; system memory ${gb(need(6.6e9))} of 12.00 GB\n`,
    );
  });

  it("hardware by name: fits entirely in the GPU's memory", async () => {
    const result = await snippet(LLAMA, "--fits", "RTX 4090", "--ctx", "32768");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`-hf ${LLAMA}:Q8_0`);
    expect(result.stderr).toMatch(
      /^note: Q8_0 is the largest quant that fits on RTX 4090, 24 GB \(25\.77 GB\): it needs 13\.14 GB \([^:]*\)\nnote: Q8_0 at 32,768 tokens \(f16 cache, flash attention on\) fits on RTX 4090, 24 GB \(25\.77 GB\): all 32 layers on the GPU; GPU 1\d\.\d\d GB of 25\.77 GB\n$/,
    );
  });

  it("a smaller cache type and context fit a larger quant", async () => {
    const f16 = await snippet(LLAMA, "--fits", "7.5GB", "--ctx", "8192");
    const q4 = await snippet(LLAMA, "--fits", "7.5GB", "--ctx", "8192", "--cache-type", "q4_0");
    expect(f16.stderr).toMatch(/^note: Q5_K_M is the largest .*KV cache \(8,192 tokens, f16\)/);
    expect(q4.stderr).toMatch(/^note: Q6_K is the largest .*KV cache \(8,192 tokens, q4_0\)/);
  });

  it("auto: the GPU that nvidia-smi reports, said on stderr", async () => {
    const result = await runInProcess(["snippet", LLAMA, "--app", "llama.cpp", "--fits", "auto", "--ctx", "32768"], {
      env: env({ PATH: `${bin}:/usr/bin:/bin` }),
    });
    expect(result.status).toBe(0);
    const lines = result.stderr.split("\n");
    expect(lines[0]).toMatch(/^note: --fits auto: found NVIDIA GeForce RTX 3060 \(12\.88 GB, 12\.35 GB free\); .* of (available )?system memory/);
    expect(lines[1]).toMatch(
      /^note: Q6_K is the largest quant that fits on this machine's NVIDIA GeForce RTX 3060 .*compute buffers\); Q8_0 would need .*: [23][0-9] of 32 layers on the GPU, [0-9]+ in system memory$/,
    );
  });

  it("no quant fits: exit 2, the smallest's need and how many layers the GPU would hold", async () => {
    const result = await snippet(LLAMA, "--fits", "RTX 3050 Mobile:4", "--ctx", "max");
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /^error: no quant of acme\/Llama-3\.1-8B-Instruct-GGUF fits on RTX 3050 Mobile, .*: the smallest, Q2_K, needs .*KV cache \(131,072 tokens, f16\).*: does not fit in GPU memory: \d+ of 32 layers would, the other \d+ in system memory, whose size --fits does not know/,
    );
    expect(result.stderr).toMatch(/\nhint: available: .*; a smaller --ctx or --cache-type q8_0 needs less\n$/);
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
    expect(result.stderr).toMatch(
      /^note: Q4_K_M is the largest quant that fits in 9GB: it needs .* \(5\.53 GB weights \(850\.0 MB of them the projector\) \+ /,
    );
  });

  it("a hostile header: a note and the size-only estimate, no crash", async () => {
    const result = await snippet(HOSTILE, "--fits", "8GB");
    expect(result.status).toBe(0);
    expect(result.stderr.split("\n")[0]).toBe(
      "note: cannot read the GGUF header of Hostile-Q4_K_M.gguf: a string's length is 9,223,372,036,854,775,808, more than key-value pair 1 of 1 can hold within hubref's cap; the estimate counts the file sizes + 1.50 GB for the KV cache and compute buffers",
    );
    expect(result.stderr).toContain("Q4_K_M is the largest quant that fits in 8GB: it needs 6.42 GB (4.92 GB weights + 1.50 GB allowance)");
  });

  it("a split quant: the header is read from its first shard, and every shard is counted", async () => {
    const before = hub.fileRequests.length;
    const result = await snippet(SPLIT, "--fits", "RTX 4090", "--ctx", "32768");
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/^note: Q8_0 is the largest quant that fits .*: it needs 13\.14 GB \(8\.54 GB weights \+/);
    expect(new Set(hub.fileRequests.slice(before).map((request) => request.path))).toEqual(
      new Set([`/${SPLIT}/resolve/main/Q8_0/Split-Q8_0-00001-of-00002.gguf`]),
    );
  });

  it("no header: the hub's gguf metadata still gives the trained context length", async () => {
    const json = JSON.parse((await runInProcess(["quant-types", "--for", HOSTILE, "--fits", "8GB", "--json"], { env: env() })).stdout);
    expect(json).toMatchObject({ ctx: 4096, choice: "Hostile-Q4_K_M.gguf", quants: [{ memory: { rule: "size-only", total: 6.42e9 } }] });
  });

  it("--offline estimates from the cached header; --refresh reads it again", async () => {
    await snippet(LLAMA, "--fits", "12GB");
    const before = hub.fileRequests.length;
    const apiBefore = hub.apiRequests.length;
    const offline = await runInProcess(["snippet", LLAMA, "--app", "llama.cpp", "--fits", "12GB", "--offline"], { env: env() });
    expect(offline.status).toBe(0);
    expect(offline.stderr).toMatch(/KV cache \(8,192 tokens, f16\)/);
    expect(hub.fileRequests.length).toBe(before);
    expect(hub.apiRequests.length).toBe(apiBefore);
    expect((await snippet(LLAMA, "--fits", "12GB", "--refresh")).status).toBe(0);
    expect(hub.fileRequests.length).toBeGreaterThan(before);
  });

  it("--ctx and the cache types: checked before any model is read", async () => {
    expect((await snippet(LLAMA, "--fits", "8GB", "--ctx", "lots")).stderr).toBe(
      "error: --ctx takes a number of tokens (32768, 32k, 1M), max or fit; got 'lots'\n",
    );
    expect((await snippet(LLAMA, "--fits", "8GB", "--cache-type", "q8")).stderr).toBe(
      "error: --cache-type takes f16, q8_0, q4_0, got 'q8'\nhint: did you mean 'q8_0'?\n",
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
    expect(json).toMatchObject({ model: LLAMA, ctx: 32768, cacheType: "f16", choice: "Llama-3.1-8B-Instruct-Q6_K.gguf" });
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
