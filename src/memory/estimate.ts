import type { GgufFacts } from "../gguf/facts.js";
import type { LocalNoteOf } from "../outcome/local-notes.js";
import {
  ATTENTION_ARCHITECTURES,
  CACHE_TYPES,
  CONTEXT_PADDING,
  HYBRID_ARCHITECTURES,
  MICRO_BATCH,
  RECURRENT_ARCHITECTURES,
  SLIDING_WINDOW_PERIODS,
  type CacheType,
} from "./rules.js";

/*
 * Memory a quant needs under llama.cpp, term by term, as llama.cpp allocates
 * it (README, "How the estimate is made", states the rules and how close they
 * come to llama.cpp's own dry run): the weights (per layer from the header's
 * tensor infos, experts apart), the KV cache (or recurrent state) per layer,
 * and the compute buffers (the graph's reserved worst case, with the logits
 * buffer). One sequence, micro-batch 512.
 */

/** Which cache rule applied: shown with the estimate. */
export type CacheRule = "attention" | "sliding-window" | "mla" | "recurrent" | "hybrid" | "unknown" | "size-only";

export interface EstimateRequest {
  ctx: number;
  /** The K cache's type, and the V cache's unless `cacheTypeV` says otherwise. */
  cacheType: CacheType;
  cacheTypeV?: CacheType;
  /** Flash attention as llama.cpp will run it; absent: on (llama.cpp's `auto` resolves to on, README says where not). */
  flashAttention?: boolean;
  /** Bytes of the quant's files (all shards) plus the projector, if any. */
  weights: number;
  /** Of which the projector, kept on the GPU beside the layers. */
  projector?: number;
}

/** One repeating layer's share: weights (experts among them) and its cache. */
export interface LayerMemory {
  weights: number;
  /** Of the weights, the expert tensors' (what --n-cpu-moe moves to system memory). */
  experts: number;
  cache: number;
}

export interface MemoryEstimate {
  /** The context asked for, and the one llama.cpp allocates (rounded up to 256). */
  ctx: number;
  context: number;
  cacheType: CacheType;
  cacheTypeV: CacheType;
  flashAttention: boolean;
  weights: number;
  /** Of the weights, the projector's. */
  projector: number;
  /** Of the weights, the token embedding's (llama.cpp keeps it in system memory). */
  tokenEmbedding: number;
  kvCache: number;
  /** The compute buffer of the graph, and the logits buffer beside it. */
  compute: number;
  total: number;
  rule: CacheRule;
  /** Per repeating layer: its share of the weights and of the cache, for offloading. */
  layers: LayerMemory[];
  /** What stays whole wherever the layers go: compute buffers, output and embedding tensors, projector. */
  fixed: number;
  notes: EstimateNote[];
}

/** What an estimate could not count as llama.cpp does. */
export type EstimateNote = LocalNoteOf<"unknown-cache-rule" | "no-vocab-size">;

const F32 = 4;
const F16 = 2;
/** Allowance on the compute graph's peak for the allocator's fragmentation, calibrated against llama.cpp's dry run. */
const FRAGMENTATION = 1.08;

/** `value` rounded up to a multiple of `step`. */
export function padTo(value: number, step: number): number {
  return Math.ceil(value / step) * step;
}

function at(value: number | number[] | undefined, layer: number): number | undefined {
  return Array.isArray(value) ? value[layer] : value;
}

/** Bytes of `elements` cache values of `type`, as a row of llama.cpp's cache. */
function cacheBytes(elements: number, type: CacheType): number {
  const { blockSize, bytesPerBlock } = CACHE_TYPES[type];
  return Math.ceil(elements / blockSize) * bytesPerBlock;
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

/** llama.cpp compresses the DeepSeek2-style cache only when the header gives the `_mla` key and value lengths. */
export function compressedMla(facts: GgufFacts): boolean {
  return (facts.kvLoraRank ?? 0) > 0 && (facts.keyLengthMla ?? 0) > 0 && (facts.valueLengthMla ?? 0) > 0;
}

function ruleOf(facts: GgufFacts): CacheRule {
  if (compressedMla(facts)) return "mla";
  if (HYBRID_ARCHITECTURES.has(facts.architecture)) return "hybrid";
  if (RECURRENT_ARCHITECTURES.has(facts.architecture)) return "recurrent";
  if (facts.slidingWindow !== undefined && (facts.slidingWindowPattern !== undefined || SLIDING_WINDOW_PERIODS[facts.architecture] !== undefined))
    return "sliding-window";
  if (ATTENTION_ARCHITECTURES.has(facts.architecture) || (facts.kvLoraRank ?? 0) > 0) return "attention";
  return "unknown";
}

/** What one layer holds and how wide its attention is, for the cache and the compute rule. */
interface LayerShape {
  recurrent: boolean;
  /** Cache cells (tokens) the layer attends over. */
  cells: number;
  heads: number;
  kvHeads: number;
  key: number;
  value: number;
}

/** The micro-batch llama.cpp runs: 512, or the context when smaller. */
export function microBatch(context: number): number {
  return Math.min(MICRO_BATCH, context);
}

function layerShapes(facts: GgufFacts, rule: CacheRule, context: number, batch: number): LayerShape[] {
  const layerCount = facts.blockCount ?? facts.layerTensorBytes.length;
  const embedding = facts.embeddingLength ?? 0;
  // Sliding-window layers keep the window plus one micro-batch, in whole 256-cell steps (llama-kv-cache-iswa.cpp).
  const windowCells = Math.min(context, padTo((facts.slidingWindow ?? 0) + batch, CONTEXT_PADDING));
  return Array.from({ length: layerCount }, (_, layer) => {
    const heads = at(facts.headCount, layer) ?? 0;
    const kvHeads = at(facts.headCountKv, layer) ?? heads;
    const recurrent = rule === "recurrent" || (rule === "hybrid" && kvHeads === 0);
    const headSize = heads > 0 ? Math.floor(embedding / heads) : 0;
    const cells = rule === "sliding-window" && isSlidingLayer(facts, layer) ? windowCells : context;
    return { recurrent, cells, heads, kvHeads, key: facts.keyLength ?? headSize, value: facts.valueLength ?? headSize };
  });
}

function layerCache(facts: GgufFacts, rule: CacheRule, shape: LayerShape, typeK: CacheType, typeV: CacheType): number {
  if (shape.recurrent) return facts.wkvHeadSize !== undefined ? rwkvStateBytes(facts) : mambaStateBytes(facts);
  const keys = shape.cells * cacheBytes(shape.kvHeads * shape.key, typeK);
  // The compressed MLA cache has no V cache of its own: V is read from the latent part of K.
  if (rule === "mla") return keys;
  return keys + shape.cells * cacheBytes(shape.kvHeads * shape.value, typeV);
}

/**
 * The compute buffer llama.cpp reserves for one micro-batch, as the larger of
 * the phases of its graph (the allocator reuses memory between them):
 * - the output: the final norm and the logits of every token of the batch;
 * - an attention layer with flash attention: its f16 masks, kept for the
 *   whole graph, and the feed-forward activations beside the residual stream;
 * - without: the f32 masks and the score matrix of the widest layer (cells ×
 *   heads), with the query, key and value activations (and, for an MLA cache,
 *   the transposed copy of the latent values);
 * - a recurrent layer: the state-space activations of the batch.
 * The graph allocator's free blocks do not always fit the next tensor; the
 * measured peaks stand up to a tenth above the larger phase (FRAGMENTATION).
 * Then the logits buffer of one sequence.
 */
function computeBytes(facts: GgufFacts, rule: CacheRule, shapes: LayerShape[], batch: number, flash: boolean): number {
  const embedding = facts.embeddingLength ?? 0;
  const vocab = facts.vocabSize ?? 0;
  const phases = [FRAGMENTATION * F32 * batch * (vocab + 2 * embedding)];
  const attention = shapes.filter((shape) => !shape.recurrent);
  const distinctCells = [...new Set(attention.map((shape) => shape.cells))];
  const maskElements = batch * distinctCells.reduce((sum, cells) => sum + cells, 0);
  if (attention.length > 0) {
    if (flash) {
      const expertFf = facts.expertFeedForwardLength ?? 0;
      const expertWidth = ((facts.expertUsedCount ?? 0) + (facts.expertSharedCount ?? 0)) * expertFf;
      const feedForward = Math.max(expertWidth, ...Array.from({ length: shapes.length }, (_, layer) => at(facts.feedForwardLength, layer) ?? 0));
      phases.push(F16 * maskElements + FRAGMENTATION * F32 * batch * (3 * feedForward + 4 * embedding));
    } else {
      // The score matrix is exact: the allocator places it first, and its size dwarfs any fragment.
      const widest = attention.reduce((best, shape) => (shape.cells * shape.heads > best.cells * best.heads ? shape : best));
      const query = widest.heads * widest.key;
      const keyValue = widest.kvHeads * (widest.key + widest.value);
      const latent = (rule === "mla" ? (facts.kvLoraRank ?? 0) : 0) * widest.cells * F16;
      phases.push(F32 * maskElements + F32 * batch * (widest.cells * widest.heads + 3 * embedding + 2 * query + 2 * keyValue) + latent);
    }
  }
  if (shapes.some((shape) => shape.recurrent)) {
    const inner = facts.ssmInnerSize ?? 2 * embedding;
    phases.push((flash ? F16 : F32) * maskElements + F32 * batch * 10 * inner);
  }
  return Math.ceil(Math.max(...phases)) + F32 * vocab;
}

export function estimateMemory(facts: GgufFacts, request: EstimateRequest): MemoryEstimate {
  const { ctx, cacheType } = request;
  const cacheTypeV = request.cacheTypeV ?? cacheType;
  const flashAttention = request.flashAttention ?? true;
  const notes: EstimateNote[] = [];
  const rule = ruleOf(facts);
  const context = padTo(Math.max(ctx, 1), CONTEXT_PADDING);
  const batch = microBatch(context);
  const shapes = layerShapes(facts, rule, context, batch);

  const tensorTotal = facts.layerTensorBytes.reduce((sum, bytes) => sum + bytes, 0) + facts.otherTensorBytes;
  const modelWeights = request.weights - (request.projector ?? 0);
  // The header read may be of another quant than the one estimated: each tensor group keeps its share.
  const scale = tensorTotal > 0 ? modelWeights / tensorTotal : 0;
  const layers: LayerMemory[] = shapes.map((shape, layer) => ({
    weights: tensorTotal > 0 ? scale * (facts.layerTensorBytes[layer] ?? 0) : modelWeights / Math.max(1, shapes.length),
    experts: scale * (facts.layerExpertBytes[layer] ?? 0),
    cache: layerCache(facts, rule, shape, cacheType, cacheTypeV),
  }));
  const kvCache = layers.reduce((sum, layer) => sum + layer.cache, 0);
  const compute = computeBytes(facts, rule, shapes, batch, flashAttention);
  const layerWeights = layers.reduce((sum, layer) => sum + layer.weights, 0);

  if (rule === "unknown") notes.push({ kind: "unknown-cache-rule", architecture: facts.architecture });
  if (facts.vocabSize === undefined) notes.push({ kind: "no-vocab-size" });

  return {
    ctx,
    context,
    cacheType,
    cacheTypeV,
    flashAttention,
    weights: request.weights,
    projector: request.projector ?? 0,
    tokenEmbedding: scale * facts.tokenEmbeddingBytes,
    kvCache,
    compute,
    total: request.weights + kvCache + compute,
    rule,
    layers,
    fixed: compute + (request.weights - layerWeights),
    notes,
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

/** The context size: `max` is the trained length; without --ctx, the trained length capped; without a trained length, the cap (said). */
export function contextSize(
  requested: number | "max" | undefined,
  facts: Pick<GgufFacts, "contextLength">,
  cap: number,
): { ctx: number; note?: LocalNoteOf<"no-trained-length"> } {
  const trained = facts.contextLength;
  if (typeof requested === "number") return { ctx: requested };
  if (trained === undefined) return { ctx: cap, note: { kind: "no-trained-length", ...(requested === "max" && { asked: "max" as const }), used: cap } };
  return { ctx: requested === "max" ? trained : Math.min(trained, cap) };
}
