import { describe, expect, it } from "vitest";
import { parseModelConfig } from "../../src/safetensors/config.js";
import { shardingOf, stageLayers, stageWeights } from "../../src/serve/weights.js";
import { planServe } from "../../src/serve/serve.js";
import type { ServeHardware } from "../../src/serve/plan.js";
import { isFailure } from "../../src/outcome/problems.js";
import * as models from "../helpers/safetensors-models.js";

/*
 * Weights per GPU as vLLM lays them out, and the plan's choices: tensor and
 * pipeline parallelism, key-value heads replicated past their count, MXFP4's
 * padding by kernel, an fp8 cache, and what SGLang and MLX LM are given.
 */

const GIB = 2 ** 30;
const layout = (tp: number, pp = 1, backend: "hopper" | "marlin" | "blackwell" = "hopper") => ({
  tensorParallelSize: tp,
  pipelineParallelSize: pp,
  mxfp4Backend: backend,
});

function weightsPerGpu(checkpoint: models.Checkpoint, tp: number, pp = 1, backend: "hopper" | "marlin" | "blackwell" = "hopper") {
  return stageWeights(parseModelConfig(checkpoint.config), models.weightsOf(checkpoint), layout(tp, pp, backend));
}

const gpu = (name: string, count: number, memoryGB: number): ServeHardware => ({
  label: `${count}× ${name}`,
  name,
  kind: "gpu",
  count,
  memoryBytes: memoryGB * GIB,
  generation: name.includes("H100") ? "hopper" : "ada",
});

describe("weights per GPU", () => {
  it("classifies tensors by how vLLM shards them", () => {
    expect(shardingOf("model.embed_tokens.weight", [128256, 4096])).toBe("vocab");
    expect(shardingOf("lm_head.weight", [128256, 4096])).toBe("vocab");
    expect(shardingOf("model.layers.{L}.self_attn.k_proj.weight", [1024, 4096])).toBe("kv");
    expect(shardingOf("model.layers.{L}.self_attn.o_proj.weight", [4096, 4096])).toBe("row");
    expect(shardingOf("model.layers.{L}.self_attn.o_proj.bias", [4096])).toBe("replicated");
    expect(shardingOf("model.layers.{L}.mlp.gate.weight", [128, 2048])).toBe("replicated");
    expect(shardingOf("model.layers.{L}.self_attn.kv_a_proj_with_mqa.weight", [576, 2048])).toBe("replicated");
    expect(shardingOf("model.layers.{L}.mlp.experts.{E}.down_proj.weight", [2048, 768])).toBe("experts");
    expect(shardingOf("model.layers.{L}.mamba.norm.weight", [3072])).toBe("column");
    expect(shardingOf("model.layers.{L}.input_layernorm.weight", [4096])).toBe("replicated");
  });

  it("halves a dense model over two GPUs, but for what is replicated", () => {
    const one = weightsPerGpu(models.LLAMA_3_1_8B(), 1)[0]!.bytes;
    const two = weightsPerGpu(models.LLAMA_3_1_8B(), 2)[0]!.bytes;
    expect(two).toBeGreaterThan(one / 2);
    expect(two).toBeLessThan(one / 2 + 0.01 * one);
  });

  it("replicates key-value heads once there are more GPUs than heads (Qwen3-30B-A3B's 4 over 8)", () => {
    const architecture = parseModelConfig(models.QWEN3_30B_A3B().config);
    const weights = models.weightsOf(models.QWEN3_30B_A3B());
    const sum = (pattern: RegExp) =>
      weights.groups.filter((group) => pattern.test(group.pattern)).reduce((total, group) => total + group.bytes * group.count, 0);
    const kv = sum(/k_proj|v_proj/);
    const replicated = weights.groups
      .filter((group) => shardingOf(group.pattern, group.shape) === "replicated")
      .reduce((total, group) => total + group.bytes * group.count, 0);
    const rotary = architecture.trainedContext * architecture.rotaryDim * 2;
    const at4 = stageWeights(architecture, weights, layout(4))[0]!.bytes;
    const at8 = stageWeights(architecture, weights, layout(8))[0]!.bytes;
    // From 4 to 8 GPUs the split tensors halve again; the key-value heads stay at one per GPU, the replicated ones whole.
    const split4 = at4 - kv / 4 - replicated - rotary;
    expect(at8).toBeCloseTo(split4 / 2 + kv / 4 + replicated + rotary, -3);
  });

  it("splits layers over pipeline stages as vLLM does, the embedding first and the head last", () => {
    expect(stageLayers(32, 2)).toEqual([16, 16]);
    expect(stageLayers(30, 4)).toEqual([7, 8, 8, 7]);
    const stages = weightsPerGpu(models.LLAMA_3_1_8B(), 1, 2);
    expect(stages.map((stage) => stage.layers)).toEqual([
      [0, 16],
      [16, 32],
    ]);
    // The untied head and the embedding are the same size: the stages weigh the same, within the norms.
    expect(Math.abs(stages[0]!.bytes - stages[1]!.bytes) / stages[0]!.bytes).toBeLessThan(0.001);
    const whole = weightsPerGpu(models.LLAMA_3_1_8B(), 1)[0]!.bytes;
    expect(stages[0]!.bytes + stages[1]!.bytes).toBeGreaterThan(whole);
  });

  it("pads MXFP4 experts as each kernel does: Hopper's less than Marlin's", () => {
    const hopper = weightsPerGpu(models.GPT_OSS_20B(), 1, 1, "hopper")[0]!.bytes;
    const marlin = weightsPerGpu(models.GPT_OSS_20B(), 1, 1, "marlin")[0]!.bytes;
    const stored = models.weightsOf(models.GPT_OSS_20B()).totalBytes;
    expect(hopper).toBeGreaterThan(stored);
    expect(marlin).toBeGreaterThan(hopper);
  });

  it("counts quantized checkpoints as stored: AWQ int4 is about a quarter of the 16-bit weights", () => {
    const awq = weightsPerGpu(models.LLAMA_3_1_8B_AWQ(), 1)[0]!.bytes;
    const bf16 = weightsPerGpu(models.LLAMA_3_1_8B(), 1)[0]!.bytes;
    expect(awq / bf16).toBeGreaterThan(0.3);
    expect(awq / bf16).toBeLessThan(0.4);
  });
});

describe("planServe", () => {
  const model = (checkpoint: models.Checkpoint) => ({
    id: checkpoint.id,
    architecture: parseModelConfig(checkpoint.config),
    weights: models.weightsOf(checkpoint),
  });

  it("doubles the tokens with an fp8 cache", () => {
    const request = { engine: "vllm" as const, model: model(models.QWEN3_8B()), hardware: gpu("H100", 1, 80), settings: { context: 32768 } };
    const auto = planServe(request);
    const fp8 = planServe({ ...request, settings: { context: 32768, kvCacheDtype: "fp8" } });
    expect(fp8.kvBytesPerToken * 2).toBe(auto.kvBytesPerToken);
    expect(fp8.kvCacheTokens / auto.kvCacheTokens).toBeCloseTo(2, 1);
  });

  it("runs the trained length when it fits, and otherwise the largest that fits with room to spare", () => {
    const h100 = planServe({ engine: "vllm", model: model(models.QWEN3_8B()), hardware: gpu("H100", 1, 80), settings: {} });
    expect(h100.maxModelLen).toBe(40960);
    const small = planServe({ engine: "vllm", model: model(models.LLAMA_3_1_8B()), hardware: gpu("RTX 4090", 1, 24), settings: {} });
    expect(small.maxModelLen % 1024).toBe(0);
    expect(small.maxModelLen).toBeLessThan(small.longestFitting);
    expect(small.fits).toBe(true);
  });

  it("refuses a context beyond the trained length, and GPU counts that do not split the heads", () => {
    const problem = (settings: object, hardware = gpu("H100", 1, 80)) => {
      try {
        planServe({ engine: "vllm", model: model(models.QWEN3_8B()), hardware, settings });
      } catch (error) {
        if (isFailure(error)) return error.problem.kind;
        throw error;
      }
      return "planned";
    };
    expect(problem({ context: 100_000 })).toBe("serve-context-beyond-trained");
    expect(problem({}, gpu("H100", 3, 80))).toBe("serve-tp-indivisible");
    expect(problem({ gpuMemoryUtilization: 1.2 })).toBe("serve-setting-invalid");
  });

  it("plans SGLang with its memory fraction by tensor-parallel size, and MLX LM in an Apple chip's share", () => {
    const sglang = planServe({ engine: "sglang", model: model(models.QWEN3_8B()), hardware: gpu("H100", 2, 80), settings: {} });
    expect(sglang).toMatchObject({ engine: "sglang", tensorParallelSize: 2, gpuMemoryUtilization: 0.87, fits: true });
    const mac: ServeHardware = {
      label: "M3 Max",
      name: "Apple M3 Max",
      kind: "apple",
      count: 1,
      memoryBytes: 36 * GIB,
      gpuShareBytes: 20 * GIB,
      generation: "ampere",
    };
    expect(planServe({ engine: "mlx-lm", model: model(models.QWEN3_8B()), hardware: mac, settings: { context: 8192 } }).fits).toBe(true);
    const mlx = planServe({ engine: "mlx-lm", model: model(models.QWEN3_8B()), hardware: mac, settings: { context: 40960 } });
    expect(mlx.fits).toBe(false);
    expect(mlx.failure?.ways[0]).toMatchObject({ kind: "smaller-context" });
  });
});
