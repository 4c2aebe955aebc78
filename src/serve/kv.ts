import type { LayerKind, ModelArchitecture } from "../safetensors/config.js";

/*
 * vLLM's KV cache as it sizes it (vllm/v1/kv_cache_interface.py, the spec of
 * each layer; vllm/v1/core/kv_cache_utils.py, how layers are grouped and the
 * pool cut into blocks):
 * - full attention: a page of block_size tokens × KV heads on this GPU ×
 *   (K head size + V head size) × the cache dtype's bytes; a request of L
 *   tokens holds cdiv(L, block_size) pages;
 * - sliding window: the same page, but a request holds at most
 *   cdiv(min(window − 1 + max_num_batched_tokens, L), block_size) + 1 pages;
 * - MLA: one latent of kv_lora_rank + qk_rope_head_dim per token, K only, not
 *   split by tensor parallelism;
 * - Mamba and linear attention: one state per request (convolution and SSM
 *   state), whatever the length; attention pages of a hybrid model grow to a
 *   block size whose page is at least the state's, and the state's page is
 *   padded to match.
 * Layers of one kind form groups of equal size (the smallest kind's count,
 * or the largest's when the counts are within 25%); the pool is cut into
 * blocks of one page per group member, shared by the groups. A request of L
 * tokens needs the sum over groups of each group's pages, the concurrency is
 * blocks over that, and "GPU KV cache size" is the blocks shared evenly among
 * the groups, in tokens (concurrency × L only where there is one group).
 */

export type KvSpec =
  | { type: "full" | "sliding"; blockSize: number; pageBytes: number; window?: number }
  | { type: "mla"; blockSize: number; pageBytes: number }
  | { type: "state"; blockSize: number; pageBytes: number };

export interface KvLayout {
  /** Each layer's spec on this GPU, in order (layers without a cache are left out). */
  specs: KvSpec[];
  /** Groups: one spec each and the layers in it. */
  groups: { spec: KvSpec; layers: number }[];
  /** Layers per group: the pool is cut into blocks of this many pages. */
  groupSize: number;
  pageBytes: number;
}

export interface KvOptions {
  tensorParallelSize: number;
  /** Bytes per element of the cache: the model's 2, or 1 with --kv-cache-dtype fp8. */
  cacheBytes: number;
  blockSize: number;
  maxNumBatchedTokens: number;
}

const cdiv = (a: number, b: number) => Math.ceil(a / b);

/** Key-value heads on one GPU (vllm/config/model.py, get_num_kv_heads): at least one, replicated beyond the count. */
export function kvHeadsPerGpu(kvHeads: number, tp: number): number {
  return Math.max(1, Math.floor(kvHeads / tp));
}

/** Bytes per token of one attention layer on one GPU: the page of one token. */
export function attentionTokenBytes(architecture: ModelArchitecture, kind: LayerKind["kind"], options: KvOptions): number {
  if (kind === "mla") {
    const mla = architecture.mla!;
    return (mla.kvLoraRank + mla.qkRopeHeadDim) * options.cacheBytes;
  }
  const heads = kvHeadsPerGpu(architecture.kvHeads, options.tensorParallelSize);
  return heads * (architecture.headDim + architecture.headDimV) * options.cacheBytes;
}

/**
 * One request's state of a Mamba or linear-attention layer on one GPU, in the model's dtype
 * (vllm/model_executor/layers/mamba/mamba_utils.py, the state shapes of Mamba 1, Mamba 2 and gated delta-net).
 */
export function stateBytes(architecture: ModelArchitecture, kind: "mamba" | "linear", tp: number, modelBytes: number): number {
  if (kind === "linear") {
    const linear = architecture.linear!;
    const conv = (linear.convKernel - 1) * ((2 * linear.keyHeads * linear.keyHeadDim + linear.valueHeads * linear.valueHeadDim) / tp);
    const ssm = (linear.valueHeads / tp) * linear.keyHeadDim * linear.valueHeadDim;
    return (conv + ssm) * modelBytes;
  }
  const mamba = architecture.mamba!;
  if (mamba.version === 1) return (mamba.intermediate / tp) * (mamba.dConv - 1 + mamba.dState) * modelBytes;
  // Groups that do not divide among the GPUs are repeated until they do (extra_groups_for_head_shards).
  const groups = mamba.groups % tp === 0 ? mamba.groups / tp : 1;
  const conv = (mamba.dConv - 1) * (mamba.intermediate / tp + 2 * groups * mamba.dState);
  const ssm = (mamba.heads / tp) * mamba.headDim * mamba.dState;
  return (conv + ssm) * modelBytes;
}

/** The spec of each cached layer of `layers` (a pipeline stage's, or all). */
export function layerSpecs(architecture: ModelArchitecture, layers: readonly LayerKind[], options: KvOptions): KvSpec[] {
  const attention = layers.filter((layer) => layer.kind === "full" || layer.kind === "sliding" || layer.kind === "mla");
  const states = layers.filter((layer) => layer.kind === "mamba" || layer.kind === "linear");
  let blockSize = options.blockSize;
  let statePage = 0;
  if (states.length > 0) {
    const kind = states[0]!.kind as "mamba" | "linear";
    statePage = stateBytes(architecture, kind, options.tensorParallelSize, 2);
    if (attention.length > 0) {
      // vllm/platforms/interface.py, update_block_size_for_backend: the attention block grows until its page holds a state.
      const token = attentionTokenBytes(architecture, attention[0]!.kind, options);
      blockSize = options.blockSize * cdiv(statePage, options.blockSize * token);
    }
  }
  const specs: KvSpec[] = [];
  for (const layer of layers) {
    switch (layer.kind) {
      case "full":
      case "mla":
        specs.push({
          type: layer.kind,
          blockSize,
          pageBytes: blockSize * attentionTokenBytes(architecture, layer.kind, options),
        });
        break;
      case "sliding":
        specs.push({ type: "sliding", blockSize, window: layer.window, pageBytes: blockSize * attentionTokenBytes(architecture, "sliding", options) });
        break;
      case "mamba":
      case "linear":
        specs.push({ type: "state", blockSize, pageBytes: statePage });
        break;
      case "none":
        break;
    }
  }
  if (attention.length > 0 && states.length > 0) {
    // The state's page is padded to the attention page's size, so one pool serves both.
    const page = Math.max(...specs.map((spec) => spec.pageBytes));
    for (const spec of specs) if (spec.type === "state") spec.pageBytes = page;
  }
  return specs;
}

const specKey = (spec: KvSpec) => `${spec.type}:${spec.blockSize}:${spec.pageBytes}:${"window" in spec ? spec.window : ""}`;

/** The groups vLLM forms of the specs (kv_cache_utils.py, get_kv_cache_groups). */
export function groupLayers(specs: readonly KvSpec[]): KvLayout {
  const byKind = new Map<string, { spec: KvSpec; count: number }>();
  for (const spec of specs) {
    const entry = byKind.get(specKey(spec));
    if (entry) entry.count++;
    else byKind.set(specKey(spec), { spec, count: 1 });
  }
  const kinds = [...byKind.values()];
  if (kinds.length === 1) {
    // One spec for every layer: one group, each block a page of every layer.
    const only = kinds[0]!;
    return { specs: [...specs], groups: [{ spec: only.spec, layers: only.count }], groupSize: only.count, pageBytes: only.spec.pageBytes };
  }
  const fullOnly = kinds.every((kind) => kind.spec.type === "full" || kind.spec.type === "mla");
  if (fullOnly) {
    // Full attention with different pages per layer (UniformTypeKVCacheSpecs): one group, a block is every layer's page.
    const pageBytes = specs.reduce((sum, spec) => sum + spec.pageBytes, 0);
    const blockSize = specs[0]!.blockSize;
    return { specs: [...specs], groups: [{ spec: { type: "full", blockSize, pageBytes }, layers: 1 }], groupSize: 1, pageBytes };
  }
  const counts = kinds.map((kind) => kind.count);
  const smallest = Math.min(...counts);
  const largest = Math.max(...counts);
  const groupSize = largest < smallest * 1.25 ? largest : smallest;
  const groups = kinds.flatMap((kind) => Array.from({ length: cdiv(kind.count, groupSize) }, () => ({ spec: kind.spec, layers: groupSize })));
  return { specs: [...specs], groups, groupSize, pageBytes: Math.max(...specs.map((spec) => spec.pageBytes)) };
}

/** Pages one request of `length` tokens holds in a group of `spec` (each spec's max_memory_usage_bytes over its page). */
export function pagesPerRequest(spec: KvSpec, length: number, maxNumBatchedTokens: number): number {
  switch (spec.type) {
    case "full":
    case "mla":
      return cdiv(length, spec.blockSize);
    case "sliding":
      return cdiv(Math.min(spec.window! - 1 + maxNumBatchedTokens, length), spec.blockSize) + 1;
    case "state":
      return 1;
  }
}

/** Blocks one request of `length` tokens takes from the shared pool: every group's pages. */
export function blocksPerRequest(layout: KvLayout, length: number, maxNumBatchedTokens: number): number {
  return layout.groups.reduce((sum, group) => sum + pagesPerRequest(group.spec, length, maxNumBatchedTokens), 0);
}

/** Blocks `availableBytes` holds (get_num_blocks: available // page // group size). */
export function blocksOf(layout: KvLayout, availableBytes: number): number {
  if (availableBytes <= 0) return 0;
  return Math.floor(Math.floor(availableBytes / layout.pageBytes) / layout.groupSize);
}

/** The largest length one request can have with `blocks` blocks, up to `limit` (estimate_max_model_len's binary search). */
export function longestFitting(layout: KvLayout, blocks: number, limit: number, maxNumBatchedTokens: number): number {
  if (blocksPerRequest(layout, 1, maxNumBatchedTokens) > blocks) return 0;
  let low = 1;
  let high = limit;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (blocksPerRequest(layout, middle, maxNumBatchedTokens) <= blocks) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Bytes per token the cache grows by, on one GPU: the pages of full and MLA layers per token (state and windows excluded). */
export function growingBytesPerToken(layout: KvLayout): number {
  return layout.specs.reduce((sum, spec) => (spec.type === "full" || spec.type === "mla" ? sum + spec.pageBytes / spec.blockSize : sum), 0);
}
