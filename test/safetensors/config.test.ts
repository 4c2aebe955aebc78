import { describe, expect, it } from "vitest";
import { ConfigFaultError, parseModelConfig } from "../../src/safetensors/config.js";
import * as models from "../helpers/safetensors-models.js";

/*
 * config.json as the plan reads it, on the configs of real architectures,
 * and refused, field by field, when it holds what a config never does.
 */

function faultOf(config: unknown): unknown {
  try {
    parseModelConfig(config);
  } catch (error) {
    if (error instanceof ConfigFaultError) return error.fault;
    throw error;
  }
  throw new Error("parsed");
}

describe("parseModelConfig", () => {
  it("reads a dense GQA model and vLLM's trained length (Llama 3.1: llama3 scaling keeps max_position_embeddings)", () => {
    const architecture = parseModelConfig(models.LLAMA_3_1_8B().config);
    expect(architecture).toMatchObject({ hiddenSize: 4096, layerCount: 32, heads: 32, kvHeads: 8, headDim: 128, vocabSize: 128256, trainedContext: 131072 });
    expect(new Set(architecture.layers.map((layer) => layer.kind))).toEqual(new Set(["full"]));
  });

  it("stretches the trained length by yarn's factor over its original length, as vLLM derives it", () => {
    expect(parseModelConfig(models.GPT_OSS_20B().config).trainedContext).toBe(4096 * 32);
    const qwen = models.QWEN3_8B().config;
    expect(parseModelConfig({ ...qwen, rope_scaling: { rope_type: "yarn", factor: 4, original_max_position_embeddings: 32768 } }).trainedContext).toBe(131072);
  });

  it("reads a multimodal config's text_config, and Gemma 3's every-sixth global layer", () => {
    const architecture = parseModelConfig(models.gemma3().config);
    expect(architecture.hiddenSize).toBe(5376);
    expect(architecture.layers.filter((layer) => layer.kind === "full")).toHaveLength(10);
    expect(architecture.layers[5]).toEqual({ kind: "full" });
    expect(architecture.layers[0]).toEqual({ kind: "sliding", window: 1024 });
    expect(architecture.trainedContext).toBe(131072);
  });

  it("reads gpt-oss's layer types, its experts and its MXFP4 quantization", () => {
    const architecture = parseModelConfig(models.GPT_OSS_20B().config);
    expect(architecture.layers.slice(0, 2)).toEqual([{ kind: "sliding", window: 128 }, { kind: "full" }]);
    expect(architecture.experts).toEqual({ count: 32, perToken: 4, intermediate: 2880 });
    expect(architecture.quantization).toEqual({ method: "mxfp4" });
  });

  it("reads MLA's ranks, making every layer a latent cache", () => {
    const architecture = parseModelConfig(models.DEEPSEEK_V2_LITE().config);
    expect(architecture.mla).toEqual({ kvLoraRank: 512, qkRopeHeadDim: 64, qkNopeHeadDim: 128, vHeadDim: 128 });
    expect(architecture.layers.every((layer) => layer.kind === "mla")).toBe(true);
    expect(architecture.trainedContext).toBe(163840);
  });

  it("reads a Mamba 2 hybrid's layer types and state", () => {
    const architecture = parseModelConfig(models.granite4Hybrid().config);
    expect(architecture.layers.filter((layer) => layer.kind === "full")).toHaveLength(4);
    expect(architecture.mamba).toEqual({ version: 2, dState: 128, dConv: 4, intermediate: 3072, heads: 48, headDim: 64, groups: 1 });
  });

  it("reads Jamba's attention period, Nemotron-H's pattern and Qwen3-Next's interval", () => {
    const base = { hidden_size: 1024, num_attention_heads: 8, num_key_value_heads: 2, vocab_size: 1000, max_position_embeddings: 4096, mamba_d_state: 16 };
    const jamba = parseModelConfig({ ...base, num_hidden_layers: 8, attn_layer_period: 8, attn_layer_offset: 4 });
    expect(jamba.layers.map((layer) => layer.kind)).toEqual(["mamba", "mamba", "mamba", "mamba", "full", "mamba", "mamba", "mamba"]);
    expect(jamba.mamba?.version).toBe(1);
    const nemotron = parseModelConfig({ ...base, num_hidden_layers: 4, hybrid_override_pattern: "M-*-", mamba_num_heads: 16, mamba_head_dim: 64 });
    expect(nemotron.layers.map((layer) => layer.kind)).toEqual(["mamba", "none", "full", "none"]);
    const next = parseModelConfig({
      ...base,
      num_hidden_layers: 4,
      full_attention_interval: 4,
      linear_num_key_heads: 16,
      linear_num_value_heads: 32,
      linear_key_head_dim: 128,
      linear_value_head_dim: 128,
    });
    expect(next.layers.map((layer) => layer.kind)).toEqual(["linear", "linear", "linear", "full"]);
  });

  it("keeps Qwen2's window off unless use_sliding_window", () => {
    expect(parseModelConfig(models.QWEN2_5_7B().config).layers.every((layer) => layer.kind === "full")).toBe(true);
  });

  it.each([
    ["a config that is not an object", [1, 2], { found: "not-object" }],
    ["no hidden size", { num_hidden_layers: 2 }, { found: "missing", field: "hidden_size" }],
    ["a string for a number", { ...models.LLAMA_3_1_8B().config, num_hidden_layers: "32" }, { found: "not-number", field: "num_hidden_layers", value: "32" }],
    ["a fraction of a layer", { ...models.LLAMA_3_1_8B().config, num_hidden_layers: 31.5 }, { found: "out-of-range", field: "num_hidden_layers" }],
    ["ten thousand layers", { ...models.LLAMA_3_1_8B().config, num_hidden_layers: 10_000 }, { found: "out-of-range" }],
    ["a negative head count", { ...models.LLAMA_3_1_8B().config, num_attention_heads: -8 }, { found: "out-of-range", field: "num_attention_heads" }],
    ["no vocabulary size", { ...models.LLAMA_3_1_8B().config, vocab_size: undefined }, { found: "missing", field: "vocab_size" }],
    ["no trained length", { ...models.LLAMA_3_1_8B().config, max_position_embeddings: undefined }, { found: "missing", field: "max_position_embeddings" }],
    ["a text_config that is a string", { text_config: "x" }, { found: "not-object", field: "text_config" }],
    [
      "a layer_types list a million long",
      { ...models.LLAMA_3_1_8B().config, layer_types: Array.from({ length: 1_000_000 }, () => "full_attention") },
      { found: "too-many", field: "layer_types" },
    ],
    ["an unknown layer type", { ...models.LLAMA_3_1_8B().config, layer_types: ["warp_attention"] }, { found: "bad-name", field: "layer_types[0]" }],
    ["a hostile name in the layer types", { ...models.LLAMA_3_1_8B().config, layer_types: ["\u001b[2J"] }, { found: "bad-name" }],
    ["MLA without its rope dimension", { ...models.LLAMA_3_1_8B().config, kv_lora_rank: 512 }, { found: "missing", field: "qk_rope_head_dim" }],
  ])("refuses %s", (_, config, fault) => {
    expect(faultOf(config)).toMatchObject(fault);
  });
});
