import type { GgufFacts } from "../gguf/facts.js";
import {
  ATTENTION_ARCHITECTURES,
  bytesPerElement,
  HYBRID_ARCHITECTURES,
  MICRO_BATCH,
  RECURRENT_ARCHITECTURES,
  SLIDING_WINDOW_PERIODS,
  type CacheType,
} from "./rules.js";

/*
 * Memory a quant needs under llama.cpp at a context size, as three terms:
 * weights (the files), the KV cache (or recurrent state), and the compute
 * buffers. The rules are stated in README ("How the estimate is made").
 */

/** Which cache rule applied: shown with the estimate. */
export type CacheRule = "attention" | "sliding-window" | "mla" | "recurrent" | "hybrid" | "unknown" | "size-only";

export interface EstimateRequest {
  ctx: number;
  cacheType: CacheType;
  /** Bytes of the quant's files (all shards) plus the projector, if any. */
  weights: number;
  /** Of which the projector, kept on the GPU beside the layers. */
  projector?: number;
}

export interface MemoryEstimate {
  ctx: number;
  cacheType: CacheType;
  weights: number;
  /** Of the weights, the projector's. */
  projector: number;
  kvCache: number;
  compute: number;
  total: number;
  rule: CacheRule;
  /** Per repeating layer: its share of the weights and of the cache, for offloading. */
  layers: { weights: number; cache: number }[];
  /** What stays whole wherever the layers go: compute buffers, output and embedding tensors, projector. */
  fixed: number;
  notes: string[];
}

const F32 = 4;

function at(value: number | number[] | undefined, layer: number): number | undefined {
  return Array.isArray(value) ? value[layer] : value;
}

function isSlidingLayer(facts: GgufFacts, layer: number): boolean {
  const pattern = facts.slidingWindowPattern ?? SLIDING_WINDOW_PERIODS[facts.architecture];
  if (pattern === undefined) return false;
  if (Array.isArray(pattern)) return pattern[layer] === true;
  // A period of N: layers N-1, 2N-1, ... attend to the whole context.
  return pattern > 1 && layer % pattern < pattern - 1;
}

/** The Mamba state of one layer, in bytes: the convolution's last inputs and the SSM state, both f32. */
function mambaStateBytes(facts: GgufFacts): number {
  const kernel = facts.ssmConvKernel ?? 0;
  const inner = facts.ssmInnerSize ?? 0;
  const state = facts.ssmStateSize ?? 0;
  const groups = facts.ssmGroupCount ?? 0;
  const conv = Math.max(0, kernel - 1) * (inner + 2 * groups * state);
  return F32 * (conv + state * inner);
}

/** The RWKV state of one layer: the shifted tokens and the WKV matrix per head, f32. */
function rwkvStateBytes(facts: GgufFacts): number {
  const embedding = facts.embeddingLength ?? 0;
  return F32 * ((facts.tokenShiftCount ?? 2) * embedding + embedding * (facts.wkvHeadSize ?? 0));
}

function ruleOf(facts: GgufFacts): CacheRule {
  if (facts.kvLoraRank !== undefined && facts.kvLoraRank > 0) return "mla";
  if (HYBRID_ARCHITECTURES.has(facts.architecture)) return "hybrid";
  if (RECURRENT_ARCHITECTURES.has(facts.architecture)) return "recurrent";
  if (facts.slidingWindow !== undefined && (facts.slidingWindowPattern !== undefined || SLIDING_WINDOW_PERIODS[facts.architecture] !== undefined))
    return "sliding-window";
  if (ATTENTION_ARCHITECTURES.has(facts.architecture)) return "attention";
  return "unknown";
}

export function estimateMemory(facts: GgufFacts, request: EstimateRequest): MemoryEstimate {
  const { ctx, cacheType } = request;
  const notes: string[] = [];
  const rule = ruleOf(facts);
  const element = bytesPerElement(cacheType);
  const layerCount = facts.blockCount ?? facts.layerTensorBytes.length;
  const embedding = facts.embeddingLength ?? 0;
  let maxHeads = 0;

  const cacheOf = (layer: number): number => {
    const heads = at(facts.headCount, layer) ?? 0;
    const kvHeads = at(facts.headCountKv, layer) ?? heads;
    if (rule === "recurrent") return facts.wkvHeadSize !== undefined ? rwkvStateBytes(facts) : mambaStateBytes(facts);
    // In a hybrid, a layer without key-value heads is a Mamba layer.
    if (rule === "hybrid" && kvHeads === 0) return mambaStateBytes(facts);
    maxHeads = Math.max(maxHeads, heads);
    if (rule === "mla") return ctx * ((facts.kvLoraRank ?? 0) + (facts.ropeDimension ?? 0)) * element;
    const headSize = heads > 0 ? Math.floor(embedding / heads) : 0;
    const key = facts.keyLength ?? headSize;
    const value = facts.valueLength ?? headSize;
    const cells = rule === "sliding-window" && isSlidingLayer(facts, layer) ? Math.min(ctx, facts.slidingWindow!) : ctx;
    return cells * kvHeads * (key + value) * element;
  };

  const tensorTotal = facts.layerTensorBytes.reduce((sum, bytes) => sum + bytes, 0) + facts.otherTensorBytes;
  const modelWeights = request.weights - (request.projector ?? 0);
  const layers = Array.from({ length: layerCount }, (_, layer) => ({
    // The header read may be of another quant than the one estimated: each layer keeps its share.
    weights: tensorTotal > 0 ? (modelWeights * (facts.layerTensorBytes[layer] ?? 0)) / tensorTotal : modelWeights / Math.max(1, layerCount),
    cache: cacheOf(layer),
  }));
  const kvCache = layers.reduce((sum, layer) => sum + layer.cache, 0);
  const batch = Math.min(MICRO_BATCH, ctx);
  // Logits of one micro-batch, and its attention scores over the whole context (flash attention off).
  const compute = F32 * batch * ((facts.vocabSize ?? 0) + ctx * maxHeads);
  const layerWeights = layers.reduce((sum, layer) => sum + layer.weights, 0);

  if (rule === "unknown")
    notes.push(`hubref has no cache rule for the architecture '${facts.architecture}': the KV cache is estimated with the grouped-query attention formula`);
  if (facts.contextLength !== undefined && ctx > facts.contextLength && rule !== "recurrent")
    notes.push(`--ctx ${ctx} is beyond the model's trained context length (${facts.contextLength})`);
  if (facts.vocabSize === undefined) notes.push("the header gives no vocabulary size: the compute buffers leave out the logits");

  return {
    ctx,
    cacheType,
    weights: request.weights,
    projector: request.projector ?? 0,
    kvCache,
    compute,
    total: request.weights + kvCache + compute,
    rule,
    layers,
    fixed: compute + (request.weights - layerWeights),
    notes,
  };
}

/**
 * Without a header: the file sizes plus a fixed allowance for the cache and
 * the compute buffers (hubref's rule before it read headers), in `compute`.
 */
export function sizeOnlyEstimate(request: EstimateRequest, allowance: number): MemoryEstimate {
  return {
    ctx: request.ctx,
    cacheType: request.cacheType,
    weights: request.weights,
    projector: request.projector ?? 0,
    kvCache: 0,
    compute: allowance,
    total: request.weights + allowance,
    rule: "size-only",
    layers: [],
    fixed: request.weights + allowance,
    notes: [],
  };
}

export interface Offload {
  /** Every layer and buffer fits in GPU memory. */
  entirely: boolean;
  /** Layers that fit in GPU memory (llama.cpp's --n-gpu-layers). */
  gpuLayers: number;
  layerCount: number;
}

/** How many repeating layers fit in `gpuBytes` once the fixed part is there, as llama.cpp offloads them. */
export function offloadTo(estimate: MemoryEstimate, gpuBytes: number): Offload {
  const layerCount = estimate.layers.length;
  if (estimate.total <= gpuBytes) return { entirely: true, gpuLayers: layerCount, layerCount };
  let room = gpuBytes - estimate.fixed;
  let gpuLayers = 0;
  for (const layer of estimate.layers) {
    const need = layer.weights + layer.cache;
    if (need > room) break;
    room -= need;
    gpuLayers++;
  }
  return { entirely: false, gpuLayers, layerCount };
}

/** The context size: `max` is the trained length; without --ctx, the trained length capped. */
export function contextSize(requested: number | "max" | undefined, facts: Pick<GgufFacts, "contextLength">, cap: number): { ctx: number; note?: string } {
  const trained = facts.contextLength;
  if (typeof requested === "number") return { ctx: requested };
  if (requested === "max") {
    if (trained === undefined) return { ctx: cap, note: `the header gives no trained context length: --ctx max uses ${cap}` };
    return { ctx: trained };
  }
  if (trained === undefined) return { ctx: cap, note: `the header gives no trained context length: using ${cap}` };
  return { ctx: Math.min(trained, cap) };
}
