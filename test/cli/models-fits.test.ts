import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProgram } from "../../src/cli/program.js";
import { FITS_CONCURRENCY } from "../../src/search/fits-judge.js";
import { fakeContext } from "../helpers/context.js";
import { type FitsHub, startFitsHub } from "../helpers/fits-hub.js";

/*
 * `hubref models --fits` against the stand-in hub (test/helpers/fits-hub.ts):
 * which repositories are listed for a budget and in what order, the quant
 * each gets (the one `snippet --app llama.cpp --fits` chooses), what is read
 * from the network, and what the cache and --offline answer.
 */

let hub: FitsHub;
beforeAll(async () => {
  // A little latency, so that requests overlap as they do against the hub.
  hub = await startFitsHub({ latencyMs: 5 });
});
afterAll(async () => hub.close());

interface Row {
  id: string;
  quant: string | null;
  size: number;
  runs: string;
  plan: {
    context: number;
    placement: string;
    gpuLayers: number;
    layerCount: number;
    cpuMoeLayers: number;
    fits: boolean;
    runSettings: Record<string, unknown>;
  };
  speed: { estimate: true; generationTokensPerSecond: number } | null;
}

async function hubref(args: string[], cache: string, options: { tty?: boolean } = {}) {
  const { context, output, errors } = fakeContext({ HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: cache, NO_COLOR: "1" }, options.tty === true, 160);
  const before = hub.requests.length;
  const status = await runProgram(["node", "hubref", ...args], context);
  const requests = hub.requests.slice(before);
  const headers = new Set(requests.filter((request) => request.kind === "file").map((request) => request.path.split("/resolve/")[0]));
  return { status, stdout: output(), stderr: errors(), requests, headers: headers.size };
}

const freshCache = () => mkdtempSync(join(tmpdir(), "hubref-fits-"));
const DONE_WHEN = ["models", "--fits", "RTX 4090", "--ctx", "32768", "--task", "text-generation", "--limit", "10"];

describe("hubref models --fits", () => {
  it("lists the models that fit an RTX 4090 at 32k tokens in the list's order, with quant, placement and an estimated speed", async () => {
    const result = await hubref([...DONE_WHEN, "--json"], freshCache());
    expect(result.status).toBe(0);
    const rows = JSON.parse(result.stdout) as Row[];
    expect(rows).toHaveLength(10);
    // The list's order (trending), less what does not fit (235B) and the unreadable headers.
    const order = hub.repos.map((repo) => repo.id);
    const ranks = rows.map((row) => order.indexOf(row.id));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    for (const gone of ["acme/Qwen3-235B-A22B-GGUF", "evil/hostile-header-GGUF", "broken/no-header-GGUF"])
      expect(rows.map((row) => row.id)).not.toContain(gone);
    // What `snippet --fits` runs, `models --fits` lists: the 70B model runs with layers in the 32 GB of system memory assumed.
    expect(rows.find((row) => row.id === "acme/Llama-3.3-70B-Instruct-GGUF")).toMatchObject({ quant: "Q4_K_M", plan: { placement: "layers" } });
    for (const row of rows) {
      expect(row.plan).toMatchObject({ context: 32768, fits: true });
      expect(row.speed).toMatchObject({ estimate: true });
      expect(row.speed!.generationTokensPerSecond).toBeGreaterThan(0);
    }
    // Q4_K_M's class: a 32B model whose class spills to system memory at 32k tokens gets the class's smallest, never a 3-bit
    // file that fits the GPU alone; an 8B one the largest of the class, Q8_0.
    expect(rows.find((row) => row.id === "acme/Qwen2.5-32B-Instruct-GGUF")?.quant).toBe("Q4_K_M");
    expect(rows.find((row) => row.id === "acme/Llama-3.1-8B-Instruct-GGUF")?.quant).toBe("Q8_0");
    // The MoE model reads its active experts only: faster than the dense 8B although its file is larger.
    const moe = rows.find((row) => row.id === "acme/Qwen3-30B-A3B-GGUF")!;
    expect(moe.size).toBeGreaterThan(rows.find((row) => row.id === "acme/Llama-3.1-8B-Instruct-GGUF")!.size);
    expect(moe.speed!.generationTokensPerSecond).toBeGreaterThan(
      rows.find((row) => row.id === "acme/Llama-3.1-8B-Instruct-GGUF")!.speed!.generationTokensPerSecond,
    );
    expect(result.stderr).toContain(
      "note: models that fit on RTX 4090, 24 GB (25.77 GB) with 32 GB of system memory (assumed: --ram sets it), at 32,768 tokens of context; speeds are estimates\n",
    );
  });

  it("each row agrees with `snippet ID --app llama.cpp --fits` for that model", async () => {
    const cache = freshCache();
    const rows = JSON.parse((await hubref([...DONE_WHEN, "--json"], cache)).stdout) as Row[];
    for (const row of rows) {
      const snippet = await hubref(["snippet", row.id, "--app", "llama.cpp", "--fits", "RTX 4090", "--ctx", "32768"], cache);
      expect(snippet.status, row.id).toBe(0);
      expect(snippet.stdout, row.id).toContain(`-hf ${row.id}:${row.quant}`);
      const ngl = row.plan.runSettings.gpuLayers;
      expect(snippet.stdout, row.id).toContain(`-c ${row.plan.context} -ngl ${ngl}`);
      if (row.plan.cpuMoeLayers > 0) expect(snippet.stdout, row.id).toContain(`--n-cpu-moe ${row.plan.cpuMoeLayers}`);
    }
  });

  it("reads one list page and only the headers of models whose files could fit, a few at a time", async () => {
    const result = await hubref(["models", "--fits", "RTX 4090", "--ctx", "32768", "--limit", "20"], freshCache());
    expect(result.status).toBe(0);
    expect(result.requests.filter((request) => request.kind === "list")).toHaveLength(1);
    expect(result.headers).toBeLessThanOrEqual(25);
    // Nothing of the 405B model is fetched: the list's parameter count rules it out.
    expect(result.requests.filter((request) => request.path.includes("acme/Llama-3.1-405B-Instruct-GGUF"))).toEqual([]);
    // The 235B model's sizes are fetched, but its smallest quant is larger than the card and the system memory together: no header.
    expect(result.requests.filter((request) => request.path.includes("Qwen3-235B") && request.kind === "file")).toEqual([]);
    expect(hub.maxInFlight).toBeLessThanOrEqual(FITS_CONCURRENCY);
    expect(hub.maxInFlight).toBeGreaterThan(1);
    // Piped: one tab-separated line per model, no header.
    expect(result.stdout.trimEnd().split("\n")).toHaveLength(20);
  });

  it("answers a second run from the cache, and --offline from the cache alone", async () => {
    const cache = freshCache();
    const first = await hubref(["models", "--fits", "RTX 4090", "--ctx", "32768"], cache);
    const second = await hubref(["models", "--fits", "RTX 4090", "--ctx", "32768"], cache);
    expect(second.stdout).toBe(first.stdout);
    // Nothing is asked again, not even the two headers that could not be read: the skips are kept with the list.
    expect(second.requests).toEqual([]);
    expect(second.stderr).toBe(first.stderr);
    const offline = await hubref(["models", "--fits", "RTX 4090", "--ctx", "32768", "--offline"], cache);
    expect(offline).toMatchObject({ status: 0, stdout: first.stdout, requests: [] });
    const elsewhere = await hubref(["models", "--fits", "RTX 4090", "--ctx", "16384", "--offline"], freshCache());
    expect(elsewhere).toMatchObject({ status: 1, stdout: "", requests: [] });
    expect(elsewhere.stderr).toMatch(/^error: this search is not in the cache, and --offline forbids asking the hub\nhint: run it once without --offline/);
  });

  it("a smaller budget lists smaller models and quants; unified memory lets a 70B model run", async () => {
    const small = JSON.parse((await hubref(["models", "--fits", "8GB", "--ctx", "8192", "--json", "--limit", "40"], freshCache())).stdout) as Row[];
    expect(small.length).toBeGreaterThan(5);
    for (const row of small) expect(row.size).toBeLessThan(8e9);
    expect(small.map((row) => row.id)).not.toContain("acme/Qwen2.5-32B-Instruct-GGUF");
    expect(small.every((row) => row.speed === null)).toBe(true);
    const mac = JSON.parse((await hubref(["models", "--fits", "M3 Max:64", "--ctx", "8192", "--json", "--limit", "40"], freshCache())).stdout) as Row[];
    const llama70 = mac.find((row) => row.id === "acme/Llama-3.3-70B-Instruct-GGUF");
    expect(llama70).toBeDefined();
    expect(mac.find((row) => row.id === "acme/Llama-3.1-8B-Instruct-GGUF")?.quant).toBe("Q8_0");
  });

  it("at a terminal: the budget, then aligned columns with the speed marked as an estimate", async () => {
    const result = await hubref(["models", "--fits", "4090", "--ctx", "32768", "--limit", "3"], freshCache(), { tty: true });
    const lines = result.stdout.split("\n");
    expect(lines[0]).toBe(
      "models that fit on RTX 4090, 24 GB (25.77 GB) with 32 GB of system memory (assumed: --ram sets it), at 32,768 tokens of context; speeds are estimates",
    );
    expect(lines[1]).toMatch(/^id +quant +size +runs +speed \(est\.\) +downloads$/);
    expect(lines[2]).toMatch(/^acme\/Llama-3\.3-70B-Instruct-GGUF +Q4_K_M +42\.\d\d GB +\d+\/81 layers GPU +≈ [\d.]+ tok\/s +38k$/);
    expect(lines[3]).toMatch(/^acme\/Llama-3\.1-8B-Instruct-GGUF +Q8_0 +8\.53 GB +GPU +≈ \d+ tok\/s +37k$/);
  });

  it("skips unreadable headers with one grouped note, and --verbose says why each model was left out", async () => {
    const result = await hubref(["models", "--fits", "RTX 4090", "--ctx", "32768", "--verbose"], freshCache());
    const skipped = result.stderr.split("\n").filter((line) => line.startsWith("note: skipped"));
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatch(/^note: skipped 3 repositories .*evil\/hostile-header-GGUF \(cannot read the GGUF header.*broken\/no-header-GGUF \(cannot read/);
    expect(result.stderr).toMatch(/\nnote: left out acme\/Qwen3-235B-A22B-GGUF: the smallest quant's files alone are 88\.\d\d GB\n/);
    // A context beyond the trained length is planned (llama.cpp runs it): Phi-3's 4k model is no longer left out.
    expect(result.stderr).not.toContain("left out acme/Phi-3-medium-4k-GGUF");
  });

  it("no GGUF repository: nothing on stdout, a note naming the filters, exit 0", async () => {
    const result = await hubref(["models", "safetensors", "--fits", "RTX 4090"], freshCache());
    expect(result).toMatchObject({ status: 0, stdout: "" });
    expect(result.stderr).toBe("note: no GGUF repository matches 'safetensors'\n");
  });

  it("refuses what does not go with it", async () => {
    const cache = freshCache();
    expect(await hubref(["models", "--ctx", "32768"], cache)).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^error: --ctx, the cache .* go with --fits\n/),
    });
    expect(await hubref(["models", "--fits", "RTX 4099"], cache)).toMatchObject({
      status: 2,
      stderr: "error: unknown hardware 'RTX 4099'\nhint: did you mean 'RTX 4090'? (`hubref hardware` lists every device)\n",
    });
    expect((await hubref(["models", "--fits", "24"], cache)).stderr).toMatch(/^error: --fits 24 has no unit and names no device\n/);
  });
});
