import { describe, expect, it } from "vitest";
import type { MemoryEstimate } from "../../src/memory/estimate.js";
import type { MemoryPlan } from "../../src/memory/plan.js";
import { estimateSpeed, formatSpeed, GENERATION_EFFICIENCY, PROMPT_EFFICIENCY } from "../../src/memory/speed.js";

/** A plan of `layers` layers of `layerBytes` each (`experts` of them expert tensors), an output of 0.5 GB and a token embedding of 0.5 GB. */
function plan(options: { layers: number; layerBytes: number; experts?: number; gpuLayers: number; cpuMoeLayers?: number; tiedOutput?: boolean }): MemoryPlan {
  const { layers, layerBytes, experts = 0, gpuLayers, cpuMoeLayers = 0, tiedOutput = false } = options;
  const output = tiedOutput ? 0 : 0.5e9;
  const embedding = 0.5e9;
  const estimate: MemoryEstimate = {
    ctx: 4096,
    context: 4096,
    cacheType: "f16",
    cacheTypeV: "f16",
    flashAttention: true,
    weights: layers * layerBytes + output + embedding,
    projector: 0,
    tokenEmbedding: embedding,
    kvCache: 0,
    compute: 0,
    total: 0,
    rule: "attention",
    layers: Array.from({ length: layers }, () => ({ weights: layerBytes, experts, cache: 0 })),
    fixed: 0,
    notes: [],
  };
  return {
    files: [],
    context: 4096,
    cacheTypeK: "f16",
    cacheTypeV: "f16",
    flashAttention: true,
    layerCount: layers,
    gpuLayers,
    ngl: gpuLayers + 1,
    cpuMoeLayers,
    placement: gpuLayers === layers ? (cpuMoeLayers > 0 ? "experts" : "gpu") : gpuLayers === 0 ? "system" : "layers",
    devices: [],
    estimate,
    fits: true,
    runSettings: {},
    notes: [],
  };
}

describe("the speed estimate", () => {
  it("a dense model on the GPU reads every layer and the output per token", () => {
    // 32 layers of 0.25 GB + 0.5 GB output = 8.5 GB a token; 1000 GB/s / 8.5 GB = 117.6 tokens at peak.
    const speed = estimateSpeed(plan({ layers: 32, layerBytes: 0.25e9, gpuLayers: 32 }), {}, { gpuBandwidth: 1000e9 })!;
    expect(speed.gpuBytes).toBe(8.5e9);
    expect(speed.systemBytes).toBe(0);
    expect(speed.generation).toBeCloseTo((1000 / 8.5) * GENERATION_EFFICIENCY, 6);
  });

  it("a tied output reads the token embedding instead", () => {
    const speed = estimateSpeed(plan({ layers: 32, layerBytes: 0.25e9, gpuLayers: 32, tiedOutput: true }), {}, { gpuBandwidth: 1000e9 })!;
    expect(speed.gpuBytes).toBe(8.5e9);
  });

  it("layers in system memory are read at the system's bandwidth", () => {
    // GPU: 24 layers × 0.25 GB + 0.5 GB output = 6.5 GB at 1000 GB/s = 6.5 ms; system: 8 × 0.25 GB = 2 GB at 100 GB/s = 20 ms.
    const speed = estimateSpeed(plan({ layers: 32, layerBytes: 0.25e9, gpuLayers: 24 }), {}, { gpuBandwidth: 1000e9, systemBandwidth: 100e9 })!;
    expect(speed).toMatchObject({ gpuBytes: 6.5e9, systemBytes: 2e9 });
    expect(speed.generation).toBeCloseTo(GENERATION_EFFICIENCY / (0.0065 + 0.02), 6);
  });

  it("a MoE model reads its shared weights and only the experts it routes to", () => {
    // Each layer: 0.1 GB shared + 1.6 GB of 128 experts, 8 used: 0.1 GB of experts a token. 48 × 0.2 GB + 0.5 GB = 10.1 GB.
    const moe = plan({ layers: 48, layerBytes: 1.7e9, experts: 1.6e9, gpuLayers: 48 });
    const speed = estimateSpeed(moe, { expertCount: 128, expertUsedCount: 8 }, { gpuBandwidth: 1000e9 })!;
    expect(speed.gpuBytes).toBeCloseTo(10.1e9, 0);
    expect(speed.generation).toBeCloseTo((1000 / 10.1) * GENERATION_EFFICIENCY, 3);
  });

  it("experts kept in system memory (--n-cpu-moe) are read there", () => {
    // 12 layers' experts (12 × 0.1 GB read) in system memory at 100 GB/s; the rest, 8.9 GB, on the GPU at 1000 GB/s.
    const moe = plan({ layers: 48, layerBytes: 1.7e9, experts: 1.6e9, gpuLayers: 48, cpuMoeLayers: 12 });
    const speed = estimateSpeed(moe, { expertCount: 128, expertUsedCount: 8 }, { gpuBandwidth: 1000e9, systemBandwidth: 100e9 })!;
    expect(speed.systemBytes).toBeCloseTo(1.2e9, 0);
    expect(speed.gpuBytes).toBeCloseTo(8.9e9, 0);
    expect(speed.generation).toBeCloseTo(GENERATION_EFFICIENCY / (8.9 / 1000 + 1.2 / 100), 3);
  });

  it("prompt processing from FLOPS: two operations per active parameter", () => {
    // 8e9 parameters, all read: 16 GFLOP a token; 80 TFLOPS → 5000 tokens at peak.
    const speed = estimateSpeed(plan({ layers: 32, layerBytes: 0.25e9, gpuLayers: 32 }), {}, { gpuBandwidth: 1000e9, flops: 80e12 }, 8e9)!;
    expect(speed.prompt).toBeCloseTo(5000 * PROMPT_EFFICIENCY, 6);
  });

  it("no bandwidth, no speed", () => {
    expect(estimateSpeed(plan({ layers: 32, layerBytes: 0.25e9, gpuLayers: 32 }), {}, {})).toBeUndefined();
    // The GPU's is known, but layers in system memory of unknown bandwidth leave the estimate unknown.
    expect(estimateSpeed(plan({ layers: 32, layerBytes: 0.25e9, gpuLayers: 24 }), {}, { gpuBandwidth: 1000e9 })).toBeUndefined();
  });

  it("is always written as an estimate", () => {
    expect(formatSpeed(84.6)).toBe("≈ 85 tok/s");
    expect(formatSpeed(1234.4)).toBe("≈ 1,234 tok/s");
    expect(formatSpeed(7.25)).toBe("≈ 7.3 tok/s");
  });
});
