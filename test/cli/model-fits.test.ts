import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProgram } from "../../src/cli/program.js";
import { fakeContext } from "../helpers/context.js";
import { type FitsHub, startFitsHub } from "../helpers/fits-hub.js";

/*
 * `hubref model ID` on a GGUF repository of the stand-in hub
 * (test/helpers/fits-hub.ts): one row per quant and, with --fits or on a
 * machine with a GPU (a stand-in nvidia-smi on PATH), whether each fits,
 * where it runs and its estimated speed: the plan `snippet ID --app llama.cpp
 * --fits … --quant Q` runs.
 */

let hub: FitsHub;
const root = mkdtempSync(join(tmpdir(), "hubref-model-fits-"));
const gpuBin = join(root, "gpu");
const noTools = join(root, "none");
beforeAll(async () => {
  hub = await startFitsHub();
  mkdirSync(gpuBin);
  mkdirSync(noTools);
  writeFileSync(join(gpuBin, "nvidia-smi"), '#!/bin/sh\necho "NVIDIA GeForce RTX 4090, 24564, 564"\n');
  chmodSync(join(gpuBin, "nvidia-smi"), 0o755);
});
afterAll(async () => {
  await hub.close();
  rmSync(root, { recursive: true, force: true });
});

let caches = 0;
const freshCache = () => join(root, `cache${caches++}`);

async function hubref(args: string[], options: { cache?: string; tty?: boolean; path?: string } = {}) {
  const env = { HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: options.cache ?? freshCache(), NO_COLOR: "1", PATH: `${options.path ?? noTools}:/usr/bin:/bin` };
  const { context, output, errors } = fakeContext(env, options.tty === true, 200);
  const before = hub.requests.length;
  const status = await runProgram(["node", "hubref", ...args], context);
  const requests = hub.requests.slice(before);
  return { status, stdout: output(), stderr: errors(), headerReads: requests.filter((request) => request.kind === "file").length };
}

interface QuantJson {
  quant: string | null;
  fits: boolean;
  runs: string;
  speed: { estimate: true; generationTokensPerSecond: number } | null;
  plan: Record<string, unknown>;
}

const LLAMA = "acme/Llama-3.1-8B-Instruct-GGUF";
const QWEN_MOE = "acme/Qwen3-30B-A3B-GGUF";

describe("hubref model ID --fits", () => {
  it("each quant's verdict is the plan `snippet --app llama.cpp --fits … --quant Q` prints, for several models and budgets", async () => {
    const cases: [string, string[]][] = [
      [LLAMA, ["--fits", "RTX 4090", "--ctx", "32768"]],
      [LLAMA, ["--fits", "RTX 3060:8", "--ctx", "8192"]],
      [QWEN_MOE, ["--fits", "RTX 4090", "--ctx", "32768"]],
      ["acme/Qwen2.5-32B-Instruct-GGUF", ["--fits", "16GB"]],
      ["acme/gemma-3-4b-it-GGUF", ["--fits", "M3 Max:36", "--ctx", "65536", "--cache-type", "q8_0"]],
    ];
    let judged = 0;
    let fitting = 0;
    for (const [id, flags] of cases) {
      const cache = freshCache();
      const view = await hubref(["model", id, ...flags, "--json"], { cache });
      expect(view.status, view.stderr).toBe(0);
      const quants = (JSON.parse(view.stdout) as { fits: { quants: QuantJson[] } }).fits.quants;
      expect(quants.length).toBe(hub.repos.find((repo) => repo.id === id)!.quants.length);
      for (const quant of quants) {
        const snippet = await hubref(["snippet", id, "--app", "llama.cpp", "--quant", quant.quant!, ...flags, "--json"], { cache });
        expect(snippet.status, snippet.stderr).toBe(0);
        const [block] = JSON.parse(snippet.stdout) as { plan: Record<string, unknown> }[];
        expect(quant.plan, `${id} ${quant.quant} ${flags.join(" ")}`).toEqual(block!.plan);
        expect(quant.fits).toBe(block!.plan.fits);
        judged++;
        if (quant.fits) fitting++;
      }
    }
    // The budgets were chosen so that some quants fit and some do not.
    expect(fitting).toBeGreaterThan(0);
    expect(fitting).toBeLessThan(judged);
  });

  it("at a terminal: a column per quant for the fit, where it runs and the estimated speed, under the budget", async () => {
    const result = await hubref(["model", QWEN_MOE, "--fits", "RTX 4090", "--ctx", "32768"], { tty: true });
    expect(result.status).toBe(0);
    const lines = result.stdout.split("\n");
    const title = lines.findIndex((line) => line.startsWith("GGUF quants"));
    expect(lines[title]).toBe(
      "GGUF quants on RTX 4090, 24 GB (25.77 GB) with 32 GB of system memory (assumed: --ram sets it), at 32,768 tokens of context; speeds are estimates",
    );
    const row = (quant: string) => lines.slice(title).find((line) => line.trim().startsWith(`${quant} `))!;
    expect(row("Q4_K_M")).toMatch(
      // The command repeats the page's settings, so that it runs the plan of its row.
      /^ {2}Q4_K_M +18\.49 GB +1 file +(default +)?fits +GPU +≈ \d+ tok\/s +hubref snippet acme\/Qwen3-30B-A3B-GGUF --app llama\.cpp --quant Q4_K_M --fits 'RTX 4090' --ctx 32768$/,
    );
    // Q8_0 is too big for the card alone: its experts wait in system memory, at the system's bandwidth.
    expect(row("Q8_0")).toMatch(/fits +GPU, experts of \d+\/48 layers in RAM +≈ \d+ tok\/s/);
    expect(result.stderr).toBe("");
  });

  it("a quant that does not fit says so, with no placement or speed", async () => {
    const result = await hubref(["model", LLAMA, "--fits", "6GB"], { tty: true });
    expect(result.status).toBe(0);
    const q8 = result.stdout.split("\n").find((line) => line.trim().startsWith("Q8_0 "))!;
    expect(q8).toMatch(/^ {2}Q8_0 +8\.53 GB +1 file +(default +)?does not fit +hubref snippet/);
    const q2 = result.stdout.split("\n").find((line) => line.trim().startsWith("Q2_K "))!;
    expect(q2).toMatch(/ fits +memory +hubref snippet/);
  });

  it("reads one header per repository, and a second run reads it from the cache", async () => {
    const cache = freshCache();
    const first = await hubref(["model", LLAMA, "--fits", "RTX 4090"], { cache });
    expect(first.headerReads).toBe(1);
    const second = await hubref(["model", LLAMA, "--fits", "RTX 3060:12"], { cache });
    expect(second.headerReads).toBe(0);
    expect(second.stdout).toContain("GGUF quants on RTX 3060, 12 GB");
  });

  it("a hostile or missing header: the quants without fit columns, and one note", async () => {
    for (const id of ["evil/hostile-header-GGUF", "broken/no-header-GGUF"]) {
      const result = await hubref(["model", id, "--fits", "RTX 4090"], { tty: true });
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/\nGGUF quants\n {2}Q\S+ +\S+ GB +1 file +(default +)?hubref snippet/);
      expect(result.stderr.split("\n").filter(Boolean)).toEqual([
        expect.stringMatching(
          /^note: cannot judge whether .* fits at 8,192 tokens: .*cannot read the GGUF header of .*: the quants are listed without whether they fit$/,
        ),
      ]);
      const json = JSON.parse((await hubref(["model", id, "--fits", "RTX 4090", "--json"])).stdout) as { fits: { quants: unknown; why: string } };
      expect(json.fits).toMatchObject({ budget: "on RTX 4090, 24 GB (25.77 GB)", quants: null, why: expect.stringMatching(/^cannot judge whether/) });
    }
  });

  it("a context beyond the trained length: planned, with one warning that names the trained length", async () => {
    const result = await hubref(["model", "acme/Phi-3-medium-4k-GGUF", "--fits", "RTX 4090", "--ctx", "32768"], { tty: true });
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/^warning: --ctx 32768 is beyond the model's trained context length \(4,096\): llama\.cpp runs it as asked[^\n]*\n$/);
    expect(result.stdout).toMatch(/\nGGUF quants on RTX 4090, .* at 32,768 tokens of context/);
  });
});

describe("hubref model ID, --fits auto by default", () => {
  it("a GPU found: auto, said once on stderr with the device the speeds assume", async () => {
    const result = await hubref(["model", LLAMA, "--ctx", "8192"], { tty: true, path: gpuBin });
    expect(result.status).toBe(0);
    const auto = await hubref(["model", LLAMA], { tty: true, path: gpuBin });
    expect(auto.stdout).toMatch(/\nGGUF quants on this machine's NVIDIA GeForce RTX 4090 .*; speeds are estimates\n/);
    expect(auto.stdout).toMatch(/\n {2}Q8_0 +8\.53 GB +1 file +(default +)?fits +GPU +≈ \d+ tok\/s +hubref snippet/);
    expect(auto.stderr.split("\n").filter(Boolean)).toEqual([
      expect.stringMatching(/^note: --fits auto: found NVIDIA GeForce RTX 4090 \(25\.76 GB, 25\.17 GB free\); .* system memory/),
      "note: --fits auto: speeds are estimated for RTX 4090 (1,008 GB/s, 82.58 TFLOPS; system memory taken as dual-channel DDR5-5600, 89.6 GB/s)",
    ]);
  });

  it("models --fits auto: the detected card's figures give each row a speed, said once", async () => {
    const result = await hubref(["models", "--fits", "auto", "--ctx", "8192", "--limit", "3", "--json"], { path: gpuBin });
    expect(result.status, result.stderr).toBe(0);
    const rows = JSON.parse(result.stdout) as { speed: { generationTokensPerSecond: number } | null }[];
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.speed?.generationTokensPerSecond).toBeGreaterThan(0);
    const notes = result.stderr.split("\n").filter((line) => line.includes("speeds are estimated for"));
    expect(notes).toEqual([
      "note: --fits auto: speeds are estimated for RTX 4090 (1,008 GB/s, 82.58 TFLOPS; system memory taken as dual-channel DDR5-5600, 89.6 GB/s)",
    ]);
    // Without a GPU the rows fit system memory of an unknown bandwidth: no speed.
    const cpu = await hubref(["models", "--fits", "auto", "--ctx", "8192", "--limit", "3", "--json"]);
    expect((JSON.parse(cpu.stdout) as { speed: unknown }[]).map((row) => row.speed)).toEqual([null, null, null]);
    expect(cpu.stderr).toContain("note: --fits auto: no speed estimate: the hardware list has no memory bandwidth for what was found\n");
  });

  it("no GPU: the page as before, unless asked; --fits off turns auto off", async () => {
    const cache = freshCache();
    const plain = await hubref(["model", LLAMA], { tty: true, cache });
    expect(plain.stdout).toMatch(/\nGGUF quants\n/);
    expect(plain.stderr).toBe("");
    expect(plain.headerReads).toBe(0);
    const off = await hubref(["model", LLAMA, "--fits", "off"], { tty: true, cache, path: gpuBin });
    expect(off.stdout).toBe(plain.stdout);
    expect(off.stderr).toBe("");
    const asked = await hubref(["model", LLAMA, "--fits", "auto"], { tty: true, cache });
    expect(asked.stdout).toMatch(/\nGGUF quants in this machine's .*\n {2}F16|\nGGUF quants in this machine's /);
    expect(asked.stderr).toContain("note: --fits auto: no speed estimate: the hardware list has no memory bandwidth for what was found\n");
  });

  it("a repository without GGUF files: --fits adds the server's verdict (test/cli/model-serve.test.ts), no quant fits", async () => {
    const id = "acme/Llama-3.1-8B-safetensors";
    const plain = await hubref(["model", id, "--json"]);
    const fits = await hubref(["model", id, "--fits", "RTX 4090", "--json"]);
    const { serve, ...rest } = JSON.parse(fits.stdout);
    expect(rest).toEqual(JSON.parse(plain.stdout));
    expect(rest).not.toHaveProperty("fits");
    expect(serve).toMatchObject({ engine: "vllm" });
  });
});
