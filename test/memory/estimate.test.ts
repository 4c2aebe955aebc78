import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { factsOfHeader, type GgufFacts } from "../../src/gguf/facts.js";
import { parseGgufHeader, tensorSizesOf } from "../../src/gguf/header.js";
import { contextSize, estimateMemory, offloadTo } from "../../src/memory/estimate.js";
import { deepseek2, gemma3, jamba, llama, mamba, qwen2vl, qwen3moe, rwkv6, type ArchitectureCase } from "../helpers/gguf-models.js";
import { bools, u32, type Value, writeGguf } from "../helpers/gguf-writer.js";

const catalogue = JSON.parse(readFileSync("catalogue/quant-types.json", "utf8")) as { tensorTypes: { id: number; blockSize: number; bytesPerBlock: number }[] };
const sizes = tensorSizesOf(catalogue.tensorTypes);

function factsOf(model: ArchitectureCase): GgufFacts {
  return factsOfHeader(parseGgufHeader(writeGguf(model.spec), sizes));
}

const GB = 1e9;
const f16 = 2;

describe("the KV cache, by architecture", () => {
  it("GQA (Llama 3.1 8B): layers × context × key-value heads × (key + value length) × bytes", () => {
    const estimate = estimateMemory(factsOf(llama(100)), { ctx: 8192, cacheType: "f16", weights: 4.92 * GB });
    expect(estimate.rule).toBe("attention");
    expect(estimate.kvCache).toBe(32 * 8192 * 8 * (128 + 128) * f16);
    expect(estimate.notes).toEqual([]);
  });

  it("the cache type scales it: q8_0 takes 34 bytes per 32 elements, q4_0 18", () => {
    const facts = factsOf(llama(100));
    const f16Cache = estimateMemory(facts, { ctx: 4096, cacheType: "f16", weights: 0 }).kvCache;
    expect(estimateMemory(facts, { ctx: 4096, cacheType: "q8_0", weights: 0 }).kvCache).toBe((f16Cache / 2) * (34 / 32));
    expect(estimateMemory(facts, { ctx: 4096, cacheType: "q4_0", weights: 0 }).kvCache).toBe((f16Cache / 2) * (18 / 32));
  });

  it("per-layer key-value heads: a layer with none holds nothing", () => {
    const spec = llama(100).spec;
    spec.metadata = spec.metadata.map(([key, value]) => [
      key,
      key === "llama.attention.head_count_kv" ? { type: "array", itemType: "uint32", items: Array.from({ length: 32 }, (_, i) => u32(i < 16 ? 8 : 4)) } : value,
    ]);
    const estimate = estimateMemory(factsOfHeader(parseGgufHeader(writeGguf(spec), sizes)), { ctx: 1000, cacheType: "f16", weights: 0 });
    // llama.cpp rounds the context up to a multiple of 256.
    expect(estimate.context).toBe(1024);
    expect(estimate.kvCache).toBe((16 * 8 + 16 * 4) * 1024 * 256 * f16);
  });

  it("sliding window (Gemma 3): five window layers to each global one, by the architecture's period", () => {
    const estimate = estimateMemory(factsOf(gemma3(100)), { ctx: 32768, cacheType: "f16", weights: 0 });
    expect(estimate.rule).toBe("sliding-window");
    // Layers 5, 11, 17, 23 and 29 are global; the others hold the window plus one micro-batch (1,024 + 512 cells).
    expect(estimate.kvCache).toBe((5 * 32768 + 29 * 1536) * 4 * (256 + 256) * f16);
    // Below the window, every layer holds the whole context.
    expect(estimateMemory(factsOf(gemma3(100)), { ctx: 512, cacheType: "f16", weights: 0 }).kvCache).toBe(34 * 512 * 4 * 512 * f16);
  });

  it("sliding window with a per-layer pattern from the header", () => {
    const spec = gemma3(100).spec;
    spec.metadata.push(["gemma3.attention.sliding_window_pattern", bools(Array.from({ length: 34 }, (_, i) => i % 2 === 0))]);
    const estimate = estimateMemory(factsOfHeader(parseGgufHeader(writeGguf(spec), sizes)), { ctx: 8192, cacheType: "f16", weights: 0 });
    expect(estimate.kvCache).toBe((17 * 8192 + 17 * 1536) * 4 * 512 * f16);
  });

  it("MLA (DeepSeek-V2-Lite) with the _mla keys: the compressed cache, kv_lora_rank + rope dimensions per token and layer", () => {
    const spec = deepseek2(100).spec;
    // The current layout: one latent head of kv_lora_rank + rope, the per-head lengths under the _mla keys.
    const current: Record<string, Value> = {
      "deepseek2.attention.head_count_kv": u32(1),
      "deepseek2.attention.key_length": u32(512 + 64),
      "deepseek2.attention.value_length": u32(512),
    };
    spec.metadata = spec.metadata.map(([key, value]) => [key, current[key] ?? value]);
    spec.metadata.push(["deepseek2.attention.key_length_mla", u32(192)], ["deepseek2.attention.value_length_mla", u32(128)]);
    const estimate = estimateMemory(factsOfHeader(parseGgufHeader(writeGguf(spec), sizes)), { ctx: 32768, cacheType: "f16", weights: 0 });
    expect(estimate.rule).toBe("mla");
    expect(estimate.kvCache).toBe(27 * 32768 * (512 + 64) * f16);
  });

  it("DeepSeek2 in the older layout (no _mla keys): llama.cpp caches every head, key and value", () => {
    const estimate = estimateMemory(factsOf(deepseek2(100)), { ctx: 32768, cacheType: "f16", weights: 0 });
    expect(estimate.rule).toBe("attention");
    expect(estimate.kvCache).toBe(27 * 32768 * 16 * (192 + 128) * f16);
  });

  it("separate K and V cache types", () => {
    const facts = factsOf(llama(100));
    const mixed = estimateMemory(facts, { ctx: 4096, cacheType: "q8_0", cacheTypeV: "q4_0", weights: 0 });
    expect(mixed.kvCache).toBe(32 * 4096 * ((1024 / 32) * 34 + (1024 / 32) * 18));
  });

  it("MoE (Qwen3 30B-A3B): the experts change the weights, not the cache", () => {
    const estimate = estimateMemory(factsOf(qwen3moe(100)), { ctx: 8192, cacheType: "f16", weights: 0 });
    expect(estimate.kvCache).toBe(48 * 8192 * 4 * 256 * f16);
  });

  it("recurrent (Mamba): a fixed f32 state per layer, whatever the context", () => {
    const facts = factsOf(mamba(100));
    const small = estimateMemory(facts, { ctx: 1024, cacheType: "f16", weights: 0 });
    const large = estimateMemory(facts, { ctx: 65536, cacheType: "f16", weights: 0 });
    expect(small.rule).toBe("recurrent");
    expect(small.kvCache).toBe(64 * 4 * (3 * 5120 + 16 * 5120));
    expect(large.kvCache).toBe(small.kvCache);
  });

  it("recurrent (RWKV-6): token shift and WKV state", () => {
    const estimate = estimateMemory(factsOf(rwkv6(100)), { ctx: 4096, cacheType: "f16", weights: 0 });
    expect(estimate.kvCache).toBe(24 * 4 * (2 * 2048 + 2048 * 64));
  });

  it("hybrid (Jamba): attention layers hold a cache, Mamba layers (no key-value heads) their state", () => {
    const estimate = estimateMemory(factsOf(jamba(100)), { ctx: 8192, cacheType: "f16", weights: 0 });
    expect(estimate.rule).toBe("hybrid");
    expect(estimate.kvCache).toBe(4 * 8192 * 8 * 256 * f16 + 28 * 4 * (3 * 8192 + 16 * 8192));
  });

  it("an unknown architecture gets the GQA formula and a note that says so", () => {
    const spec = llama(100).spec;
    spec.metadata = spec.metadata.map(([key, value]) => [
      key.replace(/^llama\./, "acme9."),
      key === "general.architecture" ? { type: "string", value: "acme9" } : value,
    ]);
    const estimate = estimateMemory(factsOfHeader(parseGgufHeader(writeGguf(spec), sizes)), { ctx: 8192, cacheType: "f16", weights: 0 });
    expect(estimate.rule).toBe("unknown");
    expect(estimate.kvCache).toBe(32 * 8192 * 8 * 256 * f16);
    expect(estimate.notes).toEqual([{ kind: "unknown-cache-rule", architecture: "acme9" }]);
  });
});

describe("weights, compute buffers and offloading", () => {
  it("compute buffers: with flash attention they barely grow with the context; without, the score matrix does", () => {
    const facts = factsOf(llama(100));
    const flash = (ctx: number) => estimateMemory(facts, { ctx, cacheType: "f16", weights: 4.92 * GB }).compute;
    // The logits of a 512-token micro-batch beside the final norm (llama.cpp: 266.5 MiB for this shape), and one sequence's logits.
    const logits = 4 * 512 * (128_256 + 2 * 4096);
    expect(flash(2048)).toBeGreaterThanOrEqual(logits);
    expect(flash(32768)).toBe(flash(2048));
    const off = estimateMemory(facts, { ctx: 32768, cacheType: "f16", flashAttention: false, weights: 4.92 * GB });
    // 32 heads × 32,768 cells of f32 scores per token, and the f32 mask (llama.cpp: 2,156 MiB).
    expect(off.compute / 2 ** 20).toBeCloseTo(2156, -1);
    expect(off.total).toBe(off.weights + off.kvCache + off.compute);
  });

  it("a vision repository's projector is counted in the weights and kept whole", () => {
    const estimate = estimateMemory(factsOf(qwen2vl(100)), { ctx: 4096, cacheType: "f16", weights: 4.68 * GB + 0.6 * GB, projector: 0.6 * GB });
    expect(estimate.weights).toBeCloseTo(5.28 * GB);
    expect(estimate.fixed).toBeGreaterThan(0.6 * GB + estimate.compute);
  });

  it("offloading: the layers that fit beside the fixed part, in order", () => {
    const estimate = estimateMemory(factsOf(llama(100)), { ctx: 8192, cacheType: "f16", weights: 8 * GB });
    expect(offloadTo(estimate, estimate.total)).toEqual({ entirely: true, gpuLayers: 32, layerCount: 32 });
    const perLayer = estimate.layers[0]!.weights + estimate.layers[0]!.cache;
    const half = offloadTo(estimate, estimate.fixed + 16.5 * perLayer);
    expect(half).toEqual({ entirely: false, gpuLayers: 16, layerCount: 32 });
    expect(offloadTo(estimate, estimate.fixed / 2).gpuLayers).toBe(0);
  });

  it("context size: the trained length capped at 8192 by default, the trained length with max", () => {
    expect(contextSize(undefined, { contextLength: 131072 }, 8192)).toEqual({ ctx: 8192 });
    expect(contextSize(undefined, { contextLength: 2048 }, 8192)).toEqual({ ctx: 2048 });
    expect(contextSize("max", { contextLength: 131072 }, 8192)).toEqual({ ctx: 131072 });
    expect(contextSize(32768, { contextLength: 131072 }, 8192)).toEqual({ ctx: 32768 });
    expect(contextSize(undefined, {}, 8192).note).toEqual({ kind: "no-trained-length", used: 8192 });
  });

  it("a context beyond the trained length is counted as asked (the plan says it is beyond)", () => {
    const estimate = estimateMemory(factsOf(llama(100)), { ctx: 200_000, cacheType: "f16", weights: 0 });
    expect(estimate.context).toBe(200_192);
    expect(estimate.notes).toEqual([]);
  });
});
