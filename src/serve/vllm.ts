import type { ModelArchitecture } from "../safetensors/config.js";
import type { WeightFacts } from "../safetensors/facts.js";
import type { GpuGeneration } from "./gpus.js";
import { blocksOf, blocksPerRequest, groupLayers, growingBytesPerToken, layerSpecs, longestFitting, type KvLayout } from "./kv.js";
import { KV_CACHE_DTYPES, VLLM_DEFAULTS, VLLM_MEASURED, type KvCacheDtype, type Mxfp4Backend } from "./vllm-rules.js";
import { stageWeights } from "./weights.js";

/*
 * vLLM's start-up, as arithmetic (vllm/v1/worker/gpu_worker.py,
 * determine_available_memory): requested = CUDA's total × gpu_memory_utilization;
 * the KV cache gets what is left of it after the weights, the profiling run's
 * peak, memory outside torch and, since 0.21, the CUDA graphs' estimate. Each
 * pipeline stage is sized on its own GPUs and the smallest pool wins
 * (get_kv_cache_configs takes the minimum of the workers' blocks). vLLM stops
 * when nothing is left, or when one request of max_model_len does not fit.
 */

export interface VllmSettings {
  tensorParallelSize: number;
  pipelineParallelSize: number;
  gpuMemoryUtilization: number;
  kvCacheDtype: KvCacheDtype;
  maxNumBatchedTokens: number;
  maxNumSeqs: number;
  blockSize: number;
  /** VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS: subtract the CUDA graphs' memory before sizing the cache. */
  estimateCudaGraphs: boolean;
  enforceEager: boolean;
}

export interface VllmGpu {
  name: string;
  /** The total CUDA reports for one device. */
  totalBytes: number;
  generation: GpuGeneration;
}

/** The settings vLLM would take on `gpu` where none are given: its defaults, some by GPU class. */
export function vllmDefaults(gpu: VllmGpu, given: Partial<VllmSettings> = {}): VllmSettings {
  const large = gpu.totalBytes >= VLLM_DEFAULTS.batch.largeGpuMinBytes && !/A100/i.test(gpu.name);
  const batch = large ? VLLM_DEFAULTS.batch.large : VLLM_DEFAULTS.batch.other;
  return {
    tensorParallelSize: 1,
    pipelineParallelSize: 1,
    gpuMemoryUtilization: VLLM_DEFAULTS.gpuMemoryUtilization,
    kvCacheDtype: "auto",
    maxNumBatchedTokens: batch.maxNumBatchedTokens,
    maxNumSeqs: batch.maxNumSeqs,
    blockSize: VLLM_DEFAULTS.blockSize,
    estimateCudaGraphs: VLLM_DEFAULTS.estimateCudaGraphs,
    enforceEager: false,
    ...given,
  };
}

export function mxfp4BackendOf(generation: GpuGeneration): Mxfp4Backend {
  if (generation === "blackwell") return "blackwell";
  if (generation === "hopper") return "hopper";
  return "marlin";
}

/** One GPU's budget, the same for every length. */
export interface VllmMemory {
  settings: VllmSettings;
  totalBytes: number;
  requestedBytes: number;
  /** The weights of the GPU that holds the most (the stage with the embedding or the head). */
  weightsBytes: number;
  activationBytes: number;
  nonTorchBytes: number;
  cudaGraphBytes: number;
  /** What the KV cache gets on the limiting GPU; negative when the weights and the rest exceed the request. */
  availableKvBytes: number;
  /** The cache of the limiting stage, and its blocks. */
  layout: KvLayout;
  blocks: number;
  /** Bytes per token the cache grows by, on one GPU. */
  kvBytesPerToken: number;
}

export function cacheElementBytes(dtype: KvCacheDtype): number {
  return KV_CACHE_DTYPES[dtype] ?? 2;
}

export function vllmMemory(architecture: ModelArchitecture, weights: WeightFacts, gpu: VllmGpu, settings: VllmSettings): VllmMemory {
  const tp = settings.tensorParallelSize;
  const stages = stageWeights(architecture, weights, {
    tensorParallelSize: tp,
    pipelineParallelSize: settings.pipelineParallelSize,
    mxfp4Backend: mxfp4BackendOf(gpu.generation),
  });
  const requestedBytes = gpu.totalBytes * settings.gpuMemoryUtilization;
  const rows = Math.min(settings.maxNumSeqs, settings.maxNumBatchedTokens);
  const forward = settings.maxNumBatchedTokens * architecture.hiddenSize * VLLM_MEASURED.forwardBytesPerActivation;
  const sampler = rows * architecture.vocabSize * VLLM_MEASURED.samplerBytesPerLogit;
  const parallel = tp * settings.pipelineParallelSize > 1;
  const nonTorchBytes = parallel ? VLLM_MEASURED.nonTorchBytes.parallel : VLLM_MEASURED.nonTorchBytes.single;
  const cudaGraphBytes = settings.estimateCudaGraphs && !settings.enforceEager ? VLLM_MEASURED.cudaGraphBytes : 0;
  const options = {
    tensorParallelSize: tp,
    cacheBytes: cacheElementBytes(settings.kvCacheDtype),
    blockSize: settings.blockSize,
    maxNumBatchedTokens: settings.maxNumBatchedTokens,
  };
  let limiting: { layout: KvLayout; blocks: number; available: number; weights: number; activation: number } | undefined;
  stages.forEach((stage, index) => {
    // Only the last stage samples; every stage runs its layers' forward pass.
    const activation = forward + (index === stages.length - 1 ? sampler : 0);
    const available = requestedBytes - stage.bytes - activation - nonTorchBytes - cudaGraphBytes;
    const layout = groupLayers(layerSpecs(architecture, architecture.layers.slice(stage.layers[0], stage.layers[1]), options));
    const blocks = blocksOf(layout, available);
    if (!limiting || blocks < limiting.blocks || (blocks === limiting.blocks && stage.bytes > limiting.weights))
      limiting = { layout, blocks, available, weights: stage.bytes, activation };
  });
  const chosen = limiting!;
  return {
    settings,
    totalBytes: gpu.totalBytes,
    requestedBytes,
    weightsBytes: Math.max(...stages.map((stage) => stage.bytes)),
    activationBytes: chosen.activation,
    nonTorchBytes,
    cudaGraphBytes,
    availableKvBytes: chosen.available,
    layout: chosen.layout,
    blocks: chosen.blocks,
    kvBytesPerToken: growingBytesPerToken(chosen.layout),
  };
}

export interface VllmAtLength {
  maxModelLen: number;
  /** Requests of maxModelLen tokens the cache holds at once ("Maximum concurrency"). */
  maxConcurrency: number;
  /**
   * "GPU KV cache size" as vLLM prints it (kv_cache_utils.py, _report_kv_cache_config): the blocks shared out
   * evenly among the groups, times the smallest block size. With one group it is the pool's tokens; a hybrid
   * model's groups that hold few pages per request (sliding windows, states) count as if they held as many as
   * the rest, so its concurrency is larger than these tokens over max_model_len.
   */
  kvCacheTokens: number;
  /** The pool allocated on one GPU. */
  kvCacheBytes: number;
  /** Whether vLLM starts: memory is left for the cache, and one request of maxModelLen fits. */
  starts: boolean;
  /** The longest max_model_len that would start ("the estimated maximum model length"). */
  longestFitting: number;
}

export function vllmAtLength(memory: VllmMemory, maxModelLen: number): VllmAtLength {
  const batched = memory.settings.maxNumBatchedTokens;
  const perRequest = blocksPerRequest(memory.layout, maxModelLen, batched);
  const maxConcurrency = memory.blocks / perRequest;
  const longest = longestFitting(memory.layout, memory.blocks, maxModelLen, batched);
  return {
    maxModelLen,
    maxConcurrency,
    kvCacheTokens: Math.floor(memory.blocks / memory.layout.groups.length) * Math.min(...memory.layout.groups.map((group) => group.spec.blockSize)),
    kvCacheBytes: memory.blocks * memory.layout.pageBytes * memory.layout.groupSize,
    starts: memory.availableKvBytes > 0 && memory.blocks >= perRequest,
    longestFitting: longest,
  };
}
