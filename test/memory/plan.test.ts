import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { factsOfHeader, type GgufFacts } from "../../src/gguf/facts.js";
import { parseGgufHeader, tensorSizesOf } from "../../src/gguf/header.js";
import { planMemory, tensorBytesAgree, type MemoryPlan, type PlanBudget, type PlanSettings } from "../../src/memory/plan.js";
import { gemma3, llama, qwen3moe, type ArchitectureCase } from "../helpers/gguf-models.js";
import { u32s, writeGguf } from "../helpers/gguf-writer.js";

const catalogue = JSON.parse(readFileSync("catalogue/quant-types.json", "utf8")) as { tensorTypes: { id: number; blockSize: number; bytesPerBlock: number }[] };
const sizes = tensorSizesOf(catalogue.tensorTypes);

function factsOf(model: ArchitectureCase): GgufFacts {
  return factsOfHeader(parseGgufHeader(writeGguf(model.spec), sizes));
}

const tensorBytes = (facts: GgufFacts) => facts.layerTensorBytes.reduce((a, b) => a + b, 0) + facts.otherTensorBytes;
const GiB = 2 ** 30;
const DEFAULTS: PlanSettings = { ctx: 8192, cacheTypeK: "f16", cacheTypeV: "f16", flashAttention: "auto" };

function plan(facts: GgufFacts, budget: PlanBudget, settings: Partial<PlanSettings> = {}): MemoryPlan {
  const outcome = planMemory(facts, { quant: "Q8_0", files: ["model-Q8_0.gguf"], bytes: tensorBytes(facts) }, budget, { ...DEFAULTS, ...settings });
  if (!outcome.plan) throw new Error(outcome.problem.kind);
  return outcome.plan;
}

const gpu = (device: MemoryPlan["devices"][number] | undefined) => device!;

describe("the plan: where llama.cpp puts each layer", () => {
  const llamaFacts = factsOf(llama(100));
  const weights = tensorBytes(llamaFacts);

  it("a dense model on a GPU that holds it: every layer there, -ngl all, the run settings carry the plan", () => {
    const result = plan(llamaFacts, { gpus: [24 * GiB], system: 64 * GiB });
    expect(result).toMatchObject({
      placement: "gpu",
      gpuLayers: 32,
      layerCount: 32,
      ngl: 33,
      cpuMoeLayers: 0,
      fits: true,
      context: 8192,
      flashAttention: true,
    });
    expect(result.runSettings).toEqual({ contextSize: 8192, cacheTypeK: "f16", cacheTypeV: "f16", flashAttention: "on", gpuLayers: "all", layerCount: 33 });
    const [card, system] = result.devices;
    // The token embedding stays in system memory; everything else, the cache and the compute buffer on the GPU.
    expect(gpu(card).weights + gpu(system).weights).toBeCloseTo(weights, -3);
    expect(gpu(system).weights).toBe(result.estimate.tokenEmbedding);
    expect(gpu(card).kvCache).toBe(result.estimate.kvCache);
    expect(gpu(card).total).toBeLessThanOrEqual(24 * GiB);
  });

  it("partial offload: the layers that fit beside their cache and the compute buffer, the rest in system memory", () => {
    const result = plan(llamaFacts, { gpus: [4 * GiB], system: 32 * GiB });
    expect(result.placement).toBe("layers");
    expect(result.gpuLayers).toBeGreaterThan(0);
    expect(result.gpuLayers).toBeLessThan(32);
    expect(result.ngl).toBe(result.gpuLayers + 1);
    expect(result.runSettings.gpuLayers).toBe(result.ngl);
    expect(gpu(result.devices[0]).total).toBeLessThanOrEqual(4 * GiB);
    // One more layer would not fit.
    const perLayer = result.estimate.layers[0]!.weights + result.estimate.layers[0]!.cache;
    expect(gpu(result.devices[0]).total + perLayer).toBeGreaterThan(4 * GiB);
    expect(result.fits).toBe(true);
    // Without knowing system memory, offloaded layers cannot be judged to fit.
    expect(plan(llamaFacts, { gpus: [4 * GiB] }).fits).toBe(false);
  });

  it("several GPUs: layers split in proportion to their memory", () => {
    const result = plan(llamaFacts, { gpus: [16 * GiB, 8 * GiB], system: 64 * GiB });
    expect(result.placement).toBe("gpu");
    const [first, second] = result.devices;
    expect(gpu(first).kvCache / gpu(second).kvCache).toBeCloseTo(2, 0);
  });

  it("a MoE model too big for the GPU: the experts of as few layers as needed go to system memory (--n-cpu-moe)", () => {
    const facts = factsOf(qwen3moe(100));
    const total = tensorBytes(facts);
    const result = plan(facts, { gpus: [total * 0.6], system: 64 * GiB });
    expect(result.placement).toBe("experts");
    expect(result.gpuLayers).toBe(48);
    expect(result.cpuMoeLayers).toBeGreaterThan(0);
    expect(result.cpuMoeLayers).toBeLessThan(48);
    expect(result.runSettings).toMatchObject({ gpuLayers: "all", cpuMoeLayers: result.cpuMoeLayers });
    // One layer fewer would not fit: as few as needed.
    const fewer = planMemory(facts, { files: [], bytes: total }, { gpus: [total * 0.6], system: 64 * GiB }, { ...DEFAULTS, cpuMoe: result.cpuMoeLayers - 1 });
    expect(fewer.plan!.gpuLayers).toBeLessThan(48);
    // Against whole-layer offloading: every layer's attention and cache stay on the GPU, for about the same GPU bytes.
    const byLayers = plan(facts, { gpus: [total * 0.6], system: 64 * GiB }, { cpuMoe: "off" });
    expect(byLayers.placement).toBe("layers");
    expect(gpu(result.devices[0]).kvCache).toBe(result.estimate.kvCache);
    expect(gpu(byLayers.devices[0]).kvCache).toBeLessThan(result.estimate.kvCache);
    const layerBytes = result.estimate.layers[0]!.weights + result.estimate.layers[0]!.cache;
    const held = (device: MemoryPlan["devices"][number] | undefined) => gpu(device).weights + gpu(device).kvCache;
    expect(held(result.devices[0]) + layerBytes).toBeGreaterThanOrEqual(held(byLayers.devices[0]));
  });

  it("a sliding-window model (Gemma 3): the window layers' cache stays small, so a long context fits", () => {
    const facts = factsOf(gemma3(100));
    const long = plan(facts, { gpus: [24 * GiB], system: 64 * GiB }, { ctx: 131072 });
    expect(long.estimate.rule).toBe("sliding-window");
    expect(long.placement).toBe("gpu");
    // Window layers hold 1,024 + 512 cells, global layers the whole context.
    expect(long.estimate.layers[0]!.cache).toBe(1536 * 4 * 512 * 2);
    expect(long.estimate.layers[5]!.cache).toBe(131072 * 4 * 512 * 2);
  });

  it("--ctx fit: the largest multiple of 256 up to the trained length with every layer on the GPU", () => {
    const budget = { gpus: [12 * GiB], system: 64 * GiB };
    const fitted = plan(llamaFacts, budget, { ctx: "fit" });
    expect(fitted.context % 256).toBe(0);
    expect(fitted.placement).toBe("gpu");
    expect(fitted.context).toBeLessThan(131072);
    expect(plan(llamaFacts, budget, { ctx: fitted.context + 256 }).placement).toBe("layers");
    // A GPU that holds the trained length: fit is the trained length.
    expect(plan(llamaFacts, { gpus: [80 * GiB], system: 64 * GiB }, { ctx: "fit" }).context).toBe(131072);
  });

  it("a quantized cache turns flash attention on; an f16 cache without it is priced without it", () => {
    const quantized = plan(llamaFacts, { gpus: [24 * GiB] }, { cacheTypeK: "q8_0", cacheTypeV: "q8_0" });
    expect(quantized.runSettings).toMatchObject({ cacheTypeK: "q8_0", cacheTypeV: "q8_0", flashAttention: "on" });
    const off = plan(llamaFacts, { gpus: [24 * GiB] }, { flashAttention: "off", ctx: 32768 });
    expect(off.flashAttention).toBe(false);
    expect(off.estimate.compute).toBeGreaterThan(plan(llamaFacts, { gpus: [24 * GiB] }, { ctx: 32768 }).estimate.compute * 4);
  });

  it("no GPU: everything in system memory", () => {
    const result = plan(llamaFacts, { gpus: [], system: 32 * GiB });
    expect(result).toMatchObject({ placement: "system", gpuLayers: 0, ngl: 0, fits: true });
    expect(result.runSettings.gpuLayers).toBe(0);
    expect(result.devices).toHaveLength(1);
  });
});

describe("bad input comes back as a problem, not an exit", () => {
  const facts = factsOf(llama(100));
  const problem = (settings: Partial<PlanSettings>, model = facts) =>
    planMemory(model, { files: [], bytes: tensorBytes(model) }, { gpus: [24 * GiB] }, { ...DEFAULTS, ...settings }).problem;

  it("a context below 256 or beyond the trained length", () => {
    expect(problem({ ctx: 128 })).toMatchObject({ kind: "ctx-below-minimum" });
    // Beyond the trained length is planned as asked, with a note: llama.cpp runs it.
    expect(problem({ ctx: 200_000 })).toBeUndefined();
    expect(plan(facts, { gpus: [24 * GiB] }, { ctx: 200_000 }).notes).toContainEqual({ kind: "ctx-beyond-trained", ctx: 200_000, trained: 131072 });
    expect(problem({ ctx: "max" })).toBeUndefined();
  });

  it("--n-cpu-moe for a dense model", () => {
    expect(problem({ cpuMoe: 4 })).toMatchObject({ kind: "cpu-moe-dense" });
  });

  it("a quantized V cache with flash attention off, which llama.cpp refuses", () => {
    expect(problem({ cacheTypeV: "q8_0", flashAttention: "off" })).toMatchObject({ kind: "quantized-v-without-flash-attention" });
    expect(problem({ cacheTypeK: "q8_0", flashAttention: "off" })).toBeUndefined();
  });

  it("a per-layer array whose length is not the block count", () => {
    const spec = llama(100).spec;
    spec.metadata = spec.metadata.map(([key, value]) => [key, key === "llama.attention.head_count_kv" ? u32s([8, 8, 8]) : value]);
    expect(problem({}, factsOfHeader(parseGgufHeader(writeGguf(spec), sizes)))).toMatchObject({
      kind: "per-layer-length",
      values: 3,
      layers: 32,
    });
  });

  it("tensor infos that do not add up to the file size: a note, and the file sizes count", () => {
    expect(tensorBytesAgree(facts, tensorBytes(facts) + facts.headerBytes)).toBe(true);
    expect(tensorBytesAgree(facts, tensorBytes(facts) * 2)).toBe(false);
    const outcome = planMemory(facts, { files: [], bytes: tensorBytes(facts) * 2, headerFileSize: tensorBytes(facts) * 2 }, { gpus: [24 * GiB] }, DEFAULTS);
    expect(outcome.plan!.notes).toContainEqual({ kind: "tensors-disagree" });
    expect(outcome.plan!.estimate.weights).toBe(tensorBytes(facts) * 2);
  });
});
