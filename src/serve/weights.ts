import type { ModelArchitecture } from "../safetensors/config.js";
import { DTYPE_BITS } from "../safetensors/header.js";
import type { TensorGroup, WeightFacts } from "../safetensors/facts.js";
import { VLLM_LAYOUT, type Mxfp4Backend } from "./vllm-rules.js";

/*
 * The weights each GPU holds as vLLM (and SGLang, which shards alike) lays
 * them out under tensor and pipeline parallelism, from the checkpoint's
 * tensors: column- and row-parallel projections and the experts split
 * across the tensor-parallel GPUs; key and value projections split by
 * key-value head, replicated once there are fewer heads than GPUs; the
 * embedding and the LM head split by vocabulary, padded to 64 rows; norms,
 * routers and MLA's down-projections replicated. Pipeline stages take
 * consecutive layers, the embedding the first stage and the head the last.
 * Float tensors load in the model's 16-bit dtype; quantized ones as stored,
 * with the padding some kernels add (MXFP4 experts).
 */

export type Sharding = "vocab" | "column" | "row" | "kv" | "qkv" | "experts" | "replicated";

/** The module of a tensor name: the name without its last part (weight, bias, qweight, scales, …). */
function moduleOf(pattern: string): { module: string; leaf: string } {
  const dot = pattern.lastIndexOf(".");
  return dot < 0 ? { module: pattern, leaf: "" } : { module: pattern.slice(0, dot), leaf: pattern.slice(dot + 1) };
}

const REPLICATED =
  /(norm|ln_\w+|layernorm|rms)(\.|$)|\.(q_a_proj|kv_a_proj_with_mqa|router|gate|shared_expert_gate|e_score_correction_bias)$|^model\.(rotary|pos)/;
const VOCAB = /(embed_tokens|wte|word_embeddings|tok_embeddings|embed_in|embed_out|lm_head|^output)$/;
const KV = /\.(k_proj|v_proj)$/;
const QKV = /\.(qkv_proj|query_key_value|Wqkv|c_attn)$/;
const ROW = /\.(o_proj|down_proj|dense|fc2|w2|c_proj|out_proj|wo|dense_4h_to_h)$/;

export function shardingOf(pattern: string, shape: readonly number[]): Sharding {
  const { module, leaf } = moduleOf(pattern);
  if (/experts/.test(module) || /experts\.(gate_up_proj|down_proj)/.test(pattern)) return "experts";
  if (VOCAB.test(module)) return "vocab";
  // Mamba 2's gated norm spans the inner width, which tensor parallelism splits.
  if (/(mixer|mamba|linear_attn)\.norm$/.test(module)) return "column";
  if (REPLICATED.test(module)) return "replicated";
  if (KV.test(module)) return "kv";
  if (QKV.test(module)) return "qkv";
  // A row-parallel layer's bias is added once, whole, on every GPU.
  if (ROW.test(module)) return leaf === "bias" ? "replicated" : "row";
  if (shape.reduce((product, dimension) => product * dimension, 1) <= 64) return "replicated";
  return pattern.includes(".{L}.") ? "column" : "replicated";
}

const QUANT_PART = /(scale|zero|absmax|quant_map|g_idx|_blocks|_scales|qweight|qzeros|packed)/i;

/** Bytes of one tensor once loaded: floats in the model's 16-bit dtype, the rest as stored. */
function loadedBytes(group: TensorGroup): number {
  if ((group.dtype === "F32" || group.dtype === "F64") && !QUANT_PART.test(group.pattern)) {
    const elements = group.shape.reduce((product, dimension) => product * dimension, 1);
    return elements * 2;
  }
  return group.bytes;
}

const roundUp = (value: number, multiple: number) => Math.ceil(value / multiple) * multiple;

/** The factor an MXFP4 backend's padding multiplies one expert tensor by, for `tp` GPUs. */
function mxfp4Padding(group: TensorGroup, architecture: ModelArchitecture, tp: number, backend: Mxfp4Backend): number {
  const rule = VLLM_LAYOUT.mxfp4[backend];
  const intermediate = (architecture.experts?.intermediate ?? architecture.intermediateSize) / tp;
  const hidden = architecture.hiddenSize;
  const i = roundUp(intermediate, rule.intermediate) / intermediate;
  const h = roundUp(hidden, rule.hidden) / hidden;
  if (/_bias$/.test(group.pattern)) return /gate_up/.test(group.pattern) ? i : h;
  return i * h;
}

export interface LayoutOptions {
  tensorParallelSize: number;
  pipelineParallelSize: number;
  mxfp4Backend: Mxfp4Backend;
}

/** The bytes one GPU holds of one tensor of `group`. */
function bytesPerGpu(group: TensorGroup, architecture: ModelArchitecture, options: LayoutOptions): number {
  const tp = options.tensorParallelSize;
  let bytes = loadedBytes(group);
  switch (shardingOf(group.pattern, group.shape)) {
    case "vocab": {
      const padded = roundUp(architecture.vocabSize, VLLM_LAYOUT.vocabPadding);
      const rows = group.shape[0] ?? architecture.vocabSize;
      return (bytes / rows) * Math.ceil(padded / tp);
    }
    case "kv": {
      const kv = architecture.kvHeads;
      return (bytes / kv) * Math.max(1, Math.floor(kv / tp));
    }
    case "qkv": {
      const { heads, kvHeads } = architecture;
      return (bytes * (heads / tp + 2 * Math.max(1, Math.floor(kvHeads / tp)))) / (heads + 2 * kvHeads);
    }
    case "experts":
      if (architecture.quantization?.method === "mxfp4" && /_(blocks|scales|bias)$/.test(group.pattern))
        bytes *= mxfp4Padding(group, architecture, tp, options.mxfp4Backend);
      return bytes / tp;
    case "column":
    case "row":
      return bytes / tp;
    case "replicated":
      return bytes;
  }
}

/** vLLM's split of `layers` over `stages` (vllm/distributed/utils.py, get_pp_indices): the remainder goes to the later stages but the last. */
export function stageLayers(layers: number, stages: number): number[] {
  const counts = Array.from({ length: stages }, () => Math.floor(layers / stages));
  const remaining = layers % stages;
  for (let i = 2; i < remaining + 2; i++) counts[stages - i]! += 1;
  return counts;
}

export interface StageWeights {
  /** Layers of the stage: [first, last). */
  layers: [number, number];
  bytes: number;
}

/** The rotary embedding's cos/sin cache: positions × rotary dims in 16 bits, on every GPU. */
export function rotaryCacheBytes(architecture: ModelArchitecture): number {
  return architecture.trainedContext * architecture.rotaryDim * 2;
}

/** Each pipeline stage's weights on one of its GPUs. */
export function stageWeights(architecture: ModelArchitecture, weights: WeightFacts, options: LayoutOptions): StageWeights[] {
  const counts = stageLayers(architecture.layerCount, options.pipelineParallelSize);
  let first = 0;
  const stages = counts.map((count, index) => {
    const range: [number, number] = [first, first + count];
    first += count;
    return { layers: range, bytes: rotaryCacheBytes(architecture), index };
  });
  const last = stages.length - 1;
  for (const group of weights.groups) {
    const each = bytesPerGpu(group, architecture, options);
    if (group.layers.length === 0) {
      const head = /lm_head|embed_out|^output/.test(group.pattern);
      const embedding = shardingOf(group.pattern, group.shape) === "vocab" && !head;
      if (embedding) {
        stages[0]!.bytes += each * group.count;
        // A tied head reads the embedding's weights: the last stage holds a copy of its own.
        if (architecture.tieWordEmbeddings && last > 0) stages[last]!.bytes += each * group.count;
      } else stages[last]!.bytes += each * group.count;
      continue;
    }
    const perLayer = group.count / group.layers.length;
    for (const stage of stages) {
      const inStage = group.layers.filter((layer) => layer >= stage.layers[0] && layer < stage.layers[1]).length;
      stage.bytes += each * perLayer * inStage;
    }
  }
  return stages.map(({ layers, bytes }) => ({ layers, bytes: Math.round(bytes) }));
}

/** Bits per weight the checkpoint stores, for messages: its tensor bytes over its elements. */
export function storedBits(weights: WeightFacts): number {
  let elements = 0;
  for (const group of weights.groups) elements += (group.bytes * 8 * group.count) / (DTYPE_BITS[group.dtype] || 16);
  return elements === 0 ? 16 : (weights.totalBytes * 8) / elements;
}
