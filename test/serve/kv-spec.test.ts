import { describe, expect, it } from "vitest";
import { parseModelConfig } from "../../src/safetensors/config.js";
import { blocksPerRequest, groupLayers, layerSpecs, type KvSpec } from "../../src/serve/kv.js";
import * as models from "../helpers/safetensors-models.js";

/*
 * The exact part of the plan: each layer's KV page and bytes per token as
 * vLLM's own specs compute them, written here again from the formulas as
 * published in vllm/v1/kv_cache_interface.py (AttentionSpec.page_size_bytes,
 * FullAttentionSpec, SlidingWindowSpec.max_memory_usage_bytes,
 * MLAAttentionSpec, MambaSpec) and vllm/platforms/interface.py
 * (update_block_size_for_backend), for every attention kind, tensor-parallel
 * size and cache dtype, and compared with the plan's.
 */

const cdiv = (a: number, b: number) => Math.ceil(a / b);

/** vLLM's published formulas, independently of src/serve/kv.ts. */
const vllm = {
  numKvHeads: (total: number, tp: number) => Math.max(1, Math.floor(total / tp)),
  /** FullAttentionSpec / SlidingWindowSpec.real_page_size_bytes. */
  attentionPage: (block: number, heads: number, headSize: number, headSizeV: number, dtype: number) => block * heads * (headSize + headSizeV) * dtype,
  /** MLAAttentionSpec.real_page_size_bytes: one head of kv_lora_rank + qk_rope_head_dim. */
  mlaPage: (block: number, kvLoraRank: number, ropeDim: number, dtype: number) => block * 1 * (kvLoraRank + ropeDim) * dtype,
  /** SlidingWindowSpec.max_admission_blocks_per_request. */
  slidingBlocks: (window: number, batched: number, length: number, block: number) => cdiv(Math.min(window - 1 + batched, length), block) + 1,
  /** Mamba 2's state: conv (conv_kernel − 1, inner/tp + 2 × groups/tp × state), temporal (heads/tp, head_dim, state), 16-bit. */
  mamba2Page: (inner: number, groups: number, state: number, heads: number, headDim: number, conv: number, tp: number) =>
    ((conv - 1) * (inner / tp + 2 * (groups % tp === 0 ? groups / tp : 1) * state) + (heads / tp) * headDim * state) * 2,
  /** update_block_size_for_backend: kernel alignment × cdiv(mamba page, alignment × attention page of one token). */
  hybridBlock: (mambaPage: number, tokenPage: number, alignment = 16) => alignment * cdiv(mambaPage, alignment * tokenPage),
};

const options = (tp: number, cacheBytes: number) => ({ tensorParallelSize: tp, cacheBytes, blockSize: 16, maxNumBatchedTokens: 2048 });
const specsOf = (checkpoint: models.Checkpoint, tp: number, cacheBytes: number) => {
  const architecture = parseModelConfig(checkpoint.config);
  return { architecture, specs: layerSpecs(architecture, architecture.layers, options(tp, cacheBytes)) };
};
const perToken = (spec: KvSpec) => spec.pageBytes / spec.blockSize;

describe("KV bytes per token equal vLLM's own specs", () => {
  const dtypes = [2, 1] as const;

  describe.each([
    ["Llama 3.1 8B (GQA, 8 KV heads)", models.LLAMA_3_1_8B],
    ["Qwen3 32B (GQA)", models.QWEN3_32B],
    ["Qwen3 30B-A3B (MoE, 4 KV heads)", models.QWEN3_30B_A3B],
    ["Qwen2.5 7B (its window off)", models.QWEN2_5_7B],
  ])("full attention: %s", (_, make) => {
    it.each([1, 2, 4, 8, 16].flatMap((tp) => dtypes.map((dtype) => [tp, dtype] as const)))("at TP %i, %i-byte cache", (tp, dtype) => {
      const { architecture, specs } = specsOf(make(), tp, dtype);
      expect(specs).toHaveLength(architecture.layerCount);
      const heads = vllm.numKvHeads(architecture.kvHeads, tp);
      for (const spec of specs) {
        expect(spec.type).toBe("full");
        expect(spec.pageBytes).toBe(vllm.attentionPage(16, heads, architecture.headDim, architecture.headDim, dtype));
      }
    });
  });

  it.each(dtypes)("sliding window and full layers (Gemma 3, %i-byte cache): the same page, a window-bounded request", (dtype) => {
    const { architecture, specs } = specsOf(models.gemma3(), 2, dtype);
    const sliding = specs.filter((spec) => spec.type === "sliding");
    const full = specs.filter((spec) => spec.type === "full");
    expect([sliding.length, full.length]).toEqual([52, 10]);
    for (const spec of specs) expect(spec.pageBytes).toBe(vllm.attentionPage(16, vllm.numKvHeads(16, 2), 128, 128, dtype));
    for (const length of [512, 4096, 131072])
      expect(
        blocksPerRequest({ specs: [sliding[0]!], groups: [{ spec: sliding[0]!, layers: 1 }], groupSize: 1, pageBytes: sliding[0]!.pageBytes }, length, 2048),
      ).toBe(vllm.slidingBlocks(1024, 2048, length, 16));
    expect(architecture.trainedContext).toBe(131072);
  });

  it.each([1, 2, 4, 8])("gpt-oss at TP %i: head dim 64, a 128-token window on every other layer", (tp) => {
    const { specs } = specsOf(models.GPT_OSS_20B(), tp, 2);
    expect(specs.filter((spec) => spec.type === "sliding").every((spec) => "window" in spec && spec.window === 128)).toBe(true);
    for (const spec of specs) expect(perToken(spec)).toBe(vllm.numKvHeads(8, tp) * (64 + 64) * 2);
  });

  it.each([1, 2, 8].flatMap((tp) => dtypes.map((dtype) => [tp, dtype] as const)))(
    "MLA latent (DeepSeek-V2-Lite, TP %i, %i-byte cache): one head, not split",
    (tp, dtype) => {
      const { specs } = specsOf(models.DEEPSEEK_V2_LITE(), tp, dtype);
      expect(specs).toHaveLength(27);
      for (const spec of specs) {
        expect(spec.type).toBe("mla");
        expect(spec.pageBytes).toBe(vllm.mlaPage(16, 512, 64, dtype));
      }
    },
  );

  it("MLA latent of DeepSeek-V3 (FP8 weights, a 16-bit cache)", () => {
    const { specs } = specsOf(models.DEEPSEEK_V3(4), 8, 2);
    for (const spec of specs) expect(perToken(spec)).toBe(576 * 2);
  });

  it.each([1, 2, 4].flatMap((tp) => dtypes.map((dtype) => [tp, dtype] as const)))(
    "hybrid Mamba 2 and attention (Granite 4, TP %i, %i-byte cache)",
    (tp, dtype) => {
      const { specs } = specsOf(models.granite4Hybrid(), tp, dtype);
      const mambaPage = vllm.mamba2Page(48 * 64, 1, 128, 48, 64, 4, tp);
      const token = vllm.attentionPage(1, vllm.numKvHeads(4, tp), 128, 128, dtype);
      const block = vllm.hybridBlock(mambaPage, token);
      const attention = specs.filter((spec) => spec.type === "full");
      const state = specs.filter((spec) => spec.type === "state");
      expect([attention.length, state.length]).toEqual([4, 36]);
      for (const spec of attention) {
        expect(spec.blockSize).toBe(block);
        expect(spec.pageBytes).toBe(block * token);
        expect(perToken(spec)).toBe(token);
      }
      // The state's page is padded to the attention page, which is at least the state.
      for (const spec of state) expect(spec.pageBytes).toBe(block * token);
      expect(block * token).toBeGreaterThanOrEqual(mambaPage);
    },
  );

  it("groups a hybrid's layers as vLLM does: groups of the smaller kind's count, the pool shared", () => {
    const { specs } = specsOf(models.granite4Hybrid(), 1, 2);
    const layout = groupLayers(specs);
    expect(layout.groupSize).toBe(4);
    // 4 attention layers make one group, 36 Mamba layers nine.
    expect(layout.groups.filter((group) => group.spec.type === "full")).toHaveLength(1);
    expect(layout.groups.filter((group) => group.spec.type === "state")).toHaveLength(9);
    const attentionBlock = specs.find((spec) => spec.type === "full")!.blockSize;
    expect(blocksPerRequest(layout, 32768, 2048)).toBe(cdiv(32768, attentionBlock) + 9);
  });

  it("gpt-oss's equal counts of sliding and full layers make two groups of 12", () => {
    const { specs } = specsOf(models.GPT_OSS_20B(), 1, 2);
    const layout = groupLayers(specs);
    expect(layout.groupSize).toBe(12);
    expect(layout.groups).toHaveLength(2);
    expect(blocksPerRequest(layout, 16000, 8192)).toBe(cdiv(16000, 16) + vllm.slidingBlocks(128, 8192, 16000, 16));
  });
});
