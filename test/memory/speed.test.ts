import { describe, expect, it } from "vitest";
import type { MemoryEstimate } from "../../src/memory/estimate.js";
import type { MemoryPlan } from "../../src/memory/plan.js";
import {
  ARCHITECTURE_RULES,
  BACKEND_RULES,
  estimateSpeed,
  formatSpeed,
  generationAtDepth,
  llamaBenchCommand,
  SYSTEM_MEMORY_EFFICIENCY,
  speedBasisWords,
  speedReport,
} from "../../src/memory/speed.js";

/** A plan of `layers` layers of `layerBytes` each (`experts` of them expert tensors), an output of 0.5 GB and a token embedding of 0.5 GB. */
function plan(options: {
  layers: number;
  layerBytes: number;
  experts?: number;
  gpuLayers: number;
  cpuMoeLayers?: number;
  tiedOutput?: boolean;
  cache?: number;
}): MemoryPlan {
  const { layers, layerBytes, experts = 0, gpuLayers, cpuMoeLayers = 0, tiedOutput = false, cache = 0 } = options;
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
    layers: Array.from({ length: layers }, () => ({ weights: layerBytes, experts, cache })),
    fixed: 0,
    notes: [],
  };
  return {
    files: ["model-Q4_K_M.gguf"],
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

/** CUDA on an Ada card: the backend's share of bandwidth, and its fixed cost scaled by the architecture, for 32 layers. */
const cuda = { backend: "CUDA" as const, architecture: "ada" };
const eta = BACKEND_RULES.CUDA.efficiency;
const fixed32 = BACKEND_RULES.CUDA.fixedSeconds * ARCHITECTURE_RULES.ada!.fixedScale;

describe("the speed estimate", () => {
  it("a dense model on the GPU reads every layer and the output per token, plus a fixed cost per layer", () => {
    // 32 layers of 0.25 GB + 0.5 GB output = 8.5 GB a token at 1000 GB/s × the backend's share, and the fixed cost.
    const speed = estimateSpeed(plan({ layers: 32, layerBytes: 0.25e9, gpuLayers: 32 }), {}, { gpuBandwidth: 1000e9, ...cuda })!;
    expect(speed.gpuBytes).toBe(8.5e9);
    expect(speed.systemBytes).toBe(0);
    expect(speed.generation).toBeCloseTo(1 / (8.5e9 / (1000e9 * eta) + fixed32), 6);
  });

  it("the share of the roofline falls as bandwidth rises: the fixed cost stays", () => {
    const share = (bandwidth: number) => {
      const speed = estimateSpeed(plan({ layers: 32, layerBytes: 0.25e9, gpuLayers: 32 }), {}, { gpuBandwidth: bandwidth, ...cuda })!;
      return (speed.generation * 8.5e9) / bandwidth;
    };
    expect(share(300e9)).toBeGreaterThan(share(1000e9));
    expect(share(1000e9)).toBeGreaterThan(share(3350e9));
  });

  it("the fixed cost is the backend's, scaled by the architecture and the layer count", () => {
    const time = (devices: object, layers = 32) =>
      1 / estimateSpeed(plan({ layers, layerBytes: 8e9 / layers, gpuLayers: layers }), {}, { gpuBandwidth: 1000e9, ...devices })!.generation;
    // An older architecture takes longer per layer than a newer one under the same backend.
    expect(time({ backend: "CUDA", architecture: "pascal" })).toBeGreaterThan(time({ backend: "CUDA", architecture: "ada" }));
    // Twice the layers, twice the fixed cost, for the same bytes.
    expect(time(cuda, 64) - time(cuda, 32)).toBeCloseTo(fixed32, 6);
    // An architecture the rules do not know takes the backend's own figures.
    expect(time({ backend: "Metal", architecture: "unknown" })).toBeCloseTo(
      8.5e9 / (1000e9 * BACKEND_RULES.Metal.efficiency) + BACKEND_RULES.Metal.fixedSeconds,
      6,
    );
  });

  it("a tied output reads the token embedding instead", () => {
    const speed = estimateSpeed(plan({ layers: 32, layerBytes: 0.25e9, gpuLayers: 32, tiedOutput: true }), {}, { gpuBandwidth: 1000e9 })!;
    expect(speed.gpuBytes).toBe(8.5e9);
  });

  it("layers in system memory are read at the system's bandwidth, at the CPU's share of it", () => {
    // GPU: 24 layers × 0.25 GB + 0.5 GB output = 6.5 GB; system: 8 × 0.25 GB = 2 GB at 100 GB/s × the CPU's share.
    const speed = estimateSpeed(plan({ layers: 32, layerBytes: 0.25e9, gpuLayers: 24 }), {}, { gpuBandwidth: 1000e9, systemBandwidth: 100e9, ...cuda })!;
    expect(speed).toMatchObject({ gpuBytes: 6.5e9, systemBytes: 2e9 });
    expect(speed.generation).toBeCloseTo(1 / (6.5e9 / (1000e9 * eta) + 2e9 / (100e9 * SYSTEM_MEMORY_EFFICIENCY) + fixed32), 6);
  });

  it("a MoE model reads its shared weights and only the experts it routes to", () => {
    // Each layer: 0.1 GB shared + 1.6 GB of 128 experts, 8 used: 0.1 GB of experts a token. 48 × 0.2 GB + 0.5 GB = 10.1 GB.
    const moe = plan({ layers: 48, layerBytes: 1.7e9, experts: 1.6e9, gpuLayers: 48 });
    const speed = estimateSpeed(moe, { expertCount: 128, expertUsedCount: 8 }, { gpuBandwidth: 1000e9, ...cuda })!;
    expect(speed.gpuBytes).toBeCloseTo(10.1e9, 0);
  });

  it("experts kept in system memory (--n-cpu-moe) are read there", () => {
    const moe = plan({ layers: 48, layerBytes: 1.7e9, experts: 1.6e9, gpuLayers: 48, cpuMoeLayers: 12 });
    const speed = estimateSpeed(moe, { expertCount: 128, expertUsedCount: 8 }, { gpuBandwidth: 1000e9, systemBandwidth: 100e9, ...cuda })!;
    expect(speed.systemBytes).toBeCloseTo(1.2e9, 0);
    expect(speed.gpuBytes).toBeCloseTo(8.9e9, 0);
  });

  it("counts the KV cache each token reads: the figure with the context full is slower, the more so the longer", () => {
    // 32 layers each with 0.3 GB of cache at the plan's context: 9.6 GB more a token when it is full.
    const speed = estimateSpeed(plan({ layers: 32, layerBytes: 0.25e9, gpuLayers: 32, cache: 0.3e9 }), {}, { gpuBandwidth: 1000e9, ...cuda })!;
    expect(1 / speed.generationAtContext - 1 / speed.generation).toBeCloseTo(9.6e9 / (1000e9 * eta), 6);
    expect(generationAtDepth(speed, 0)).toBeCloseTo(speed.generation, 6);
    expect(generationAtDepth(speed, 2048)).toBeLessThan(speed.generation);
    expect(generationAtDepth(speed, 2048)).toBeGreaterThan(speed.generationAtContext);
  });

  it("prompt processing from FLOPS: two operations per active parameter, at the architecture's share", () => {
    // 8e9 parameters, all read: 16 GFLOP a token; 80 TFLOPS at Ada's factor under CUDA.
    const speed = estimateSpeed(plan({ layers: 32, layerBytes: 0.25e9, gpuLayers: 32 }), {}, { gpuBandwidth: 1000e9, flops: 80e12, ...cuda }, 8e9)!;
    expect(speed.prompt).toBeCloseTo((80e12 * ARCHITECTURE_RULES.ada!.promptFactor) / 16e9, 3);
    // Vulkan on an NVIDIA card reaches its own share of CUDA's.
    const vulkan = estimateSpeed(
      plan({ layers: 32, layerBytes: 0.25e9, gpuLayers: 32 }),
      {},
      { gpuBandwidth: 1000e9, flops: 80e12, backend: "Vulkan", architecture: "ada" },
      8e9,
    )!;
    expect(vulkan.prompt! / speed.prompt!).toBeCloseTo(BACKEND_RULES.Vulkan.promptRatio!.CUDA!, 6);
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

describe("the speed's basis", () => {
  const moe = plan({ layers: 48, layerBytes: 1.7e9, experts: 1.6e9, gpuLayers: 48, cpuMoeLayers: 12, cache: 0.01e9 });
  const speed = estimateSpeed(
    moe,
    { expertCount: 128, expertUsedCount: 8 },
    {
      device: "RTX 3060",
      gpuBandwidth: 360e9,
      systemBandwidth: 51.2e9,
      systemMemory: "dual-channel DDR4-3200",
      flops: 12.74e12,
      backend: "CUDA",
      architecture: "ampere",
    },
    30e9,
  )!;

  it("--json carries the bytes read per token on each memory, its bandwidth, the efficiency, and the command that measures it", () => {
    const report = speedReport(speed)!;
    expect(report).toMatchObject({
      estimate: true,
      basis: {
        backend: "CUDA",
        device: "RTX 3060",
        architecture: "ampere",
        memories: [
          { memory: "gpu", name: "RTX 3060", bandwidthGBs: 360, efficiency: BACKEND_RULES.CUDA.efficiency },
          { memory: "system", name: "dual-channel DDR4-3200", bandwidthGBs: 51.2, efficiency: SYSTEM_MEMORY_EFFICIENCY },
        ],
        context: 4096,
      },
      measure: "llama-bench -m model-Q4_K_M.gguf -ngl 49 --n-cpu-moe 12 -fa 1 -p 512 -n 128 -d 0,4096",
    });
    expect(report.basis.memories[1]!.bytesPerToken).toBe(Math.round(speed.systemBytes));
    expect(report.generationAtContextTokensPerSecond).toBeLessThan(report.generationTokensPerSecond);
  });

  it("--verbose words it on one line", () => {
    expect(speedBasisWords(speedReport(speed)!)).toMatch(
      /^\d+\.\d\d GB a token from RTX 3060 at 360 GB\/s × 0\.81 \(\+ 0\.\d\d GB of KV cache at 4,096 tokens\); \d\.\d\d GB a token from dual-channel DDR4-3200 at 51\.2 GB\/s × 0\.5; [\d.]+ ms a token fixed \(CUDA, ampere\); ≈ [\d.]+ tok\/s with the context full; measure: llama-bench /,
    );
  });

  it("the command quotes a file name as the shell needs", () => {
    expect(llamaBenchCommand({ ...moe, files: ["it's here.gguf"] })).toMatch(/^llama-bench -m 'it'\\''s here\.gguf' /);
  });
});
