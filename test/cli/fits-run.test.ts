import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isCommandApp } from "../../src/apps/app-keys.js";
import { placingOf } from "../../src/apps/placement.js";
import { appEntries } from "../../src/apps/registry.js";
import { runRecorded, type Recorded } from "../apps/recorder.js";
import { ggufHubSuite } from "../helpers/gguf-hub-suite.js";
import { runInProcess } from "../helpers/in-process.js";
import { DENSE, MOE, planRepos, SWA } from "./plan-repos.js";

/*
 * `snippet ID --app KEY --fits … --ctx …` runs the plan it reports: against a
 * stand-in hub serving the repositories of plan-repos.ts (dense, MoE, sliding
 * window), every printed command is run under bash
 * with the apps replaced by a recorder, and what they were given is compared
 * with the plan `--json` reports.
 */

const { root, env } = ggufHubSuite("fits-run", planRepos());
const snippet = (...args: string[]) => runInProcess(["snippet", ...args], { env: env() });

interface PlanJson {
  quant: string;
  context: number;
  placement: string;
  layerCount: number;
  gpuLayers: number;
  cpuMoeLayers: number;
  fits: boolean;
  devices: { device: string; total: number; budget: number | null }[];
  runSettings: {
    contextSize: number;
    cacheTypeK: string;
    cacheTypeV: string;
    flashAttention: string;
    gpuLayers: number | "all";
    cpuMoeLayers?: number;
  };
}

/** The plan `--json` reports (the same on every step). */
async function planOf(...args: string[]): Promise<PlanJson> {
  const result = await snippet(...args, "--json");
  expect(result.status, result.stderr).toBe(0);
  const steps = JSON.parse(result.stdout) as { plan: PlanJson }[];
  expect(new Set(steps.map((step) => JSON.stringify(step.plan))).size).toBe(1);
  return steps[0]!.plan;
}

function recorded(script: string): Recorded {
  const recording = runRecorded(script);
  expect(recording.status).toBe(0);
  return recording;
}

/** Whether `words` holds `run` as consecutive words. */
function holds(words: string[], ...run: string[]): boolean {
  return words.some((_, start) => run.every((word, at) => words[start + at] === word));
}

/** llama.cpp's flags for a plan's settings, in the order the command writes them. */
function llamaFlags(run: PlanJson["runSettings"]): string[] {
  return [
    "-c",
    String(run.contextSize),
    "-ngl",
    String(run.gpuLayers),
    ...(run.cpuMoeLayers ? ["--n-cpu-moe", String(run.cpuMoeLayers)] : []),
    "-fa",
    run.flashAttention,
    "-ctk",
    run.cacheTypeK,
    "-ctv",
    run.cacheTypeV,
  ];
}

const SETTING_FLAGS = ["-c", "-ngl", "--n-cpu-moe", "-fa", "-ctk", "-ctv"];

describe('snippet ID --app llama.cpp --fits "RTX 4090" --ctx 32768: the command runs the plan it reports', () => {
  it.each([
    [
      DENSE,
      "gpu",
      /^note: Q8_0 at 32,768 tokens \(f16 cache, flash attention on\) fits on RTX 4090, .* \(assumed: --ram sets it\): all 33 layers on the GPU; GPU [\d.]+ GB of 24\.70 GB \(1\.07 GB of the GPU kept free\)/m,
    ],
    [
      MOE,
      "experts",
      /^note: Q8_0 at 32,768 tokens \(f16 cache, flash attention on\) fits on RTX 4090, .* \(assumed: --ram sets it\): all 49 layers on the GPU, the experts of \d+ of them in system memory; GPU [\d.]+ GB of 24\.70 GB, system memory [\d.]+ GB of 30\.06 GB \(1\.07 GB of the GPU and 4\.29 GB of system memory kept free\)/m,
    ],
    [
      SWA,
      "gpu",
      /^note: Q8_0 at 32,768 tokens \(f16 cache, flash attention on\) fits on RTX 4090, .*: all 35 layers on the GPU; GPU [\d.]+ GB of 24\.70 GB \(1\.07 GB of the GPU kept free\)/m,
    ],
  ] as const)("%s: %s", async (id, placement, verdict) => {
    const args = [id, "--app", "llama.cpp", "--fits", "RTX 4090", "--ctx", "32768"];
    const printed = await snippet(...args);
    expect(printed.status).toBe(0);
    expect(printed.stderr).toMatch(verdict);
    const plan = await planOf(...args);
    expect(plan).toMatchObject({ quant: "Q8_0", context: 32768, placement, fits: true });
    if (placement === "experts") expect(plan.cpuMoeLayers).toBeGreaterThan(0);
    const server = recorded(printed.stdout).argv.find((argv) => argv[0] === "llama" && argv[1] === "serve")!;
    expect(holds(server, ...llamaFlags(plan.runSettings))).toBe(true);
    // Exactly the plan's: each setting once.
    for (const flag of SETTING_FLAGS)
      expect(server.filter((word) => word === flag).length).toBe(flag === "--n-cpu-moe" && !plan.runSettings.cpuMoeLayers ? 0 : 1);
  });

  it("--verbose adds the terms per device", async () => {
    const printed = await snippet(MOE, "--app", "llama.cpp", "--fits", "RTX 4090", "--ctx", "32768", "--verbose");
    expect(printed.stderr).toMatch(/^note: GPU: [\d.]+ GB weights \+ [\d.]+ GB KV cache \+ [\d.]+ MB compute buffers = [\d.]+ GB of 24\.70 GB$/m);
    expect(printed.stderr).toMatch(/^note: system memory: [\d.]+ GB weights \+ 0 B KV cache \+ [\d.]+ MB compute buffers = [\d.]+ GB of 30\.06 GB$/m);
  });

  it("--json has the plan: quant and files, context, cache types, flash attention, layers, bytes per device and term, the verdict", async () => {
    const plan = await planOf(DENSE, "--app", "llama.cpp", "--fits", "RTX 4090", "--ctx", "32k", "--cache-type", "q8_0");
    expect(plan).toMatchObject({
      quant: "Q8_0",
      files: ["Llama-3.1-8B-Instruct-Q8_0.gguf"],
      budget: "on RTX 4090, 24 GB (25.77 GB)",
      context: 32768,
      cacheTypeK: "q8_0",
      cacheTypeV: "q8_0",
      flashAttention: true,
      layerCount: 32,
      gpuLayers: 32,
      cpuMoeLayers: 0,
      placement: "gpu",
      fits: true,
      runSettings: { contextSize: 32768, cacheTypeK: "q8_0", cacheTypeV: "q8_0", flashAttention: "on", gpuLayers: "all", layerCount: 33 },
      margins: { gpu: 2 ** 30, system: 4 * 2 ** 30 },
      systemMemory: { bytes: 32 * 2 ** 30, source: "assumed" },
    });
    const gpu = (plan as unknown as { devices: Record<string, number | string>[] }).devices[0]!;
    // What the GPU may hold: its 24 GiB less the 1 GiB llama.cpp keeps free.
    expect(gpu).toMatchObject({ device: "GPU", budget: 23 * 2 ** 30 });
    expect(Number(gpu.weights) + Number(gpu.kvCache) + Number(gpu.compute)).toBeCloseTo(Number(gpu.total), -1);
  });

  it("--fits with --quant plans that quant, even one that needs layers in system memory", async () => {
    const plan = await planOf(DENSE, "--app", "llama.cpp", "--fits", "RTX 3060:12", "--quant", "Q8_0", "--ctx", "max");
    // Layers in system memory: the 32 GB assumed beside the card holds them.
    expect(plan).toMatchObject({ quant: "Q8_0", context: 131072, placement: "layers", fits: true, systemMemory: { source: "assumed" } });
    const small = await planOf(DENSE, "--app", "llama.cpp", "--fits", "RTX 3060:12", "--ram", "8GB", "--quant", "Q8_0", "--ctx", "max");
    expect(small).toMatchObject({ placement: "layers", fits: false, systemMemory: { bytes: 8 * 2 ** 30, source: "given" } });
    expect(plan.gpuLayers).toBeLessThan(32);
    expect(plan.runSettings.gpuLayers).toBe(plan.gpuLayers + 1);
  });
});

describe("--fits SIZE names no device", () => {
  it("the command leaves the GPU layers to the app: the memory may be a GPU's", async () => {
    const args = [DENSE, "--app", "llama.cpp", "--fits", "12GB", "--ctx", "32768"];
    const printed = await snippet(...args);
    expect(printed.status).toBe(0);
    const plan = await planOf(...args);
    expect(plan.runSettings).not.toHaveProperty("gpuLayers");
    const server = recorded(printed.stdout).argv.find((argv) => argv[0] === "llama" && argv[1] === "serve")!;
    expect(holds(server, "-c", "32768")).toBe(true);
    expect(server).not.toContain("-ngl");
  });
});

describe("each app gets the plan it can run", () => {
  // Every command app that runs GGUF files; deep-link apps print a link, and a note names the settings.
  const apps = appEntries().filter((app) => isCommandApp(app.key) && app.runs.includes("gguf"));

  it("covers the apps that run GGUF", () => {
    expect(apps.map((app) => app.key)).toEqual(expect.arrayContaining(["llama.cpp", "ollama", "node-llama-cpp", "vllm", "docker-model-runner"]));
  });

  it.each(apps.map((app) => app.key))("%s", async (key) => {
    const args = [MOE, "--app", key, "--fits", "RTX 4090", "--ctx", "16k", "--cache-type", "q8_0"];
    const printed = await snippet(...args);
    // Chat agents run chat models only: the stand-in hub's repositories carry no chat tag.
    if (printed.stderr.startsWith("error: ") && printed.stderr.includes(" does not run ")) return;
    expect(printed.status, printed.stderr).toBe(0);
    if (key === "vllm") return;
    const plan = await planOf(...args);
    const placing = placingOf(key);
    // An app that takes llama.cpp's flags gets llama.cpp's plan; one that takes whole layers only, a plan of whole layers.
    if (placing === "any") expect(plan).toEqual(await planOf(MOE, "--app", "llama.cpp", "--fits", "RTX 4090", "--ctx", "16k", "--cache-type", "q8_0"));
    if (placing === "layers") expect(plan.cpuMoeLayers).toBe(0);
    if (placing === "all-layers") expect(plan.gpuLayers).toBe(plan.layerCount);
    // Each setting of the plan is in what the app was given, or a note says to set it by hand.
    const recording = recorded(printed.stdout);
    const given = [...recording.argv.flat(), ...recording.env.flatMap((env) => Object.entries(env).flat())].join("\n");
    if (!given.includes(String(plan.runSettings.contextSize))) expect(printed.stderr).toContain("a context of 16,384 tokens");
    if (!/q8_0/i.test(given)) expect(printed.stderr).toContain("a q8_0 K/V cache");
    if (key === "llama.cpp")
      expect(holds(recording.argv.find((argv) => argv[0] === "llama" && argv[1] === "serve")!, ...llamaFlags(plan.runSettings))).toBe(true);
  });
});

describe("--ctx with --app alone sets the context in the command", () => {
  it("a number of tokens, 16k, and max (the trained length, from the header)", async () => {
    const server = async (...args: string[]) => {
      const printed = await snippet(DENSE, "--app", "llama.cpp", ...args);
      expect(printed.status, printed.stderr).toBe(0);
      return recorded(printed.stdout).argv.find((argv) => argv[0] === "llama" && argv[1] === "serve")!;
    };
    expect(holds(await server("--ctx", "16k"), "-c", "16384")).toBe(true);
    expect(holds(await server("--ctx", "max"), "-c", "131072")).toBe(true);
    const asked = await server("--ctx", "8192", "--cache-type", "q8_0");
    expect(holds(asked, "-c", "8192", "-fa", "on", "-ctk", "q8_0", "-ctv", "q8_0")).toBe(true);
    expect(asked).not.toContain("-ngl");
  });

  it("Ollama gets it as its server's context length", async () => {
    const printed = await snippet(DENSE, "--app", "ollama", "--ctx", "8k", "--cache-type", "q8_0");
    expect(printed.status, printed.stderr).toBe(0);
    const recording = recorded(printed.stdout);
    const serve = recording.argv.findIndex((argv) => argv[0] === "ollama" && argv[1] === "serve");
    expect(recording.env[serve]).toMatchObject({ OLLAMA_CONTEXT_LENGTH: "8192", OLLAMA_KV_CACHE_TYPE: "q8_0", OLLAMA_FLASH_ATTENTION: "1" });
  });
});

describe("--ctx fit", () => {
  it("the largest multiple of 256 that keeps every layer of the quant on the GPU", async () => {
    const plan = await planOf(DENSE, "--app", "llama.cpp", "--fits", "RTX 3060:12", "--quant", "Q6_K", "--ctx", "fit");
    expect(plan.context % 256).toBe(0);
    expect(plan).toMatchObject({ placement: "gpu", fits: true });
    const beyond = await planOf(DENSE, "--app", "llama.cpp", "--fits", "RTX 3060:12", "--quant", "Q6_K", "--ctx", String(plan.context + 256));
    expect(beyond.placement).not.toBe("gpu");
  });
});

describe("a context beyond the trained length is planned, with a warning", () => {
  it("with or without --fits: llama.cpp runs it as asked, and the warning names the trained length", async () => {
    for (const args of [
      ["--ctx", "200000"],
      ["--fits", "RTX 4090", "--ctx", "200k"],
    ]) {
      const printed = await snippet(DENSE, "--app", "llama.cpp", ...args);
      expect(printed.status, printed.stderr).toBe(0);
      expect(printed.stderr).toMatch(/^warning: --ctx \d+ is beyond the model's trained context length \(131,072\): llama\.cpp runs it as asked/m);
      const server = recorded(printed.stdout).argv.find((argv) => argv[0] === "llama" && argv[1] === "serve")!;
      expect(server.join(" ")).toMatch(/-c 20\d{4}/);
    }
  });
});

describe("bad input: one error line, exit 2, nothing printed", () => {
  const refused = async (args: string[], message: string | RegExp) => {
    const result = await snippet(...args);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr.split("\n")[0]).toMatch(
      typeof message === "string" ? new RegExp(`^error: ${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) : message,
    );
  };

  it("--ctx below 256, not a number, fit without --fits or a quant", async () => {
    await refused([DENSE, "--app", "llama.cpp", "--ctx", "100"], "--ctx 100 is below 256 tokens");
    await refused([DENSE, "--app", "llama.cpp", "--ctx", "lots"], "--ctx takes a number of tokens");
    await refused([DENSE, "--app", "llama.cpp", "--ctx", "fit"], "--ctx fit is the largest context that fits: it needs --fits");
    await refused([DENSE, "--app", "llama.cpp", "--fits", "8GB", "--ctx", "fit"], "--ctx fit is the largest context one quant fits");
  });

  it("a quantized V cache with flash attention off; --cache-type with --cache-type-k", async () => {
    await refused([DENSE, "--app", "llama.cpp", "--cache-type-v", "q4_0", "--flash-attn", "off"], "llama.cpp refuses a q4_0 V cache without flash attention");
    await refused([DENSE, "--app", "llama.cpp", "--cache-type", "q8_0", "--cache-type-k", "q4_0"], "--cache-type sets the K and V caches both");
  });

  it("--ctx max and --ctx fit without a header: an error with a hint", async () => {
    const file = join(root, "no-header.json");
    writeFileSync(
      file,
      JSON.stringify({
        id: "acme/NoHeader-GGUF",
        tags: ["gguf"],
        siblings: [{ rfilename: "NoHeader-Q4_K_M.gguf", size: 4e9 }],
        pipeline_tag: "text-generation",
      }),
    );
    const result = await snippet(file, "--app", "llama.cpp", "--ctx", "max");
    expect(result).toMatchObject({ status: 2, stdout: "" });
    expect(result.stderr).toMatch(
      /^error: --ctx max needs the model's trained context length, and .*\nhint: give --ctx a number of tokens, for example --ctx 32k\n$/,
    );
    // The metadata names its repository: the header is looked for on the hub, which has none of it, so there is no verdict.
    const fit = await snippet(file, "--app", "llama.cpp", "--fits", "8GB", "--quant", "Q4_K_M", "--ctx", "fit");
    expect(fit).toMatchObject({ status: 1, stdout: "" });
    expect(fit.stderr).toMatch(
      /^error: cannot judge whether acme\/NoHeader-GGUF fits at 8,192 tokens: the KV cache and compute buffers are sized from its GGUF header, and /m,
    );
  });
});

describe("snippet ID --library --fits: llama-cpp-python's code loads the plan", () => {
  it("n_ctx, n_gpu_layers, flash_attn and the cache types of the plan --json reports", async () => {
    const args = [DENSE, "--library", "--fits", "RTX 4090", "--ctx", "32768", "--cache-type", "q8_0"];
    const printed = await snippet(...args);
    expect(printed.status, printed.stderr).toBe(0);
    expect(printed.stderr).toMatch(/^note: Q8_0 at 32,768 tokens \(q8_0 cache, flash attention on\) fits on RTX 4090/m);
    const json = JSON.parse((await snippet(...args, "--json")).stdout) as { content: string; plan: PlanJson }[];
    expect(json[0]!.plan).toMatchObject({ quant: "Q8_0", context: 32768, placement: "gpu" });
    for (const argument of ["n_ctx=32768,", "n_gpu_layers=-1,", "flash_attn=True,", "type_k=llama_cpp.GGML_TYPE_Q8_0,", "type_v=llama_cpp.GGML_TYPE_Q8_0,"])
      expect(printed.stdout).toContain(argument);
    expect(printed.stdout).toContain("Llama-3.1-8B-Instruct-Q8_0.gguf");
  });
});
