/*
 * vLLM's rules for the memory it takes at start-up, as data, each with where
 * it comes from. Read from vllm-project/vllm's source as of the release named
 * in VLLM_VERSION; the terms vLLM measures on the GPU (the profiling run's
 * peak, memory outside torch, CUDA graphs) are rules fitted to vLLM's own
 * start-up logs, and say so. docs/memory.md explains each term and how close
 * it comes.
 */

/** The release the rules follow; the verdict and the docs name it. */
export const VLLM_VERSION = "0.25";

export const VLLM_DEFAULTS = {
  /** vllm/config/cache.py, CacheConfig.gpu_memory_utilization: 0.92 since 0.21 (0.9 before). */
  gpuMemoryUtilization: 0.92,
  /** vllm/config/cache.py, CacheConfig.DEFAULT_BLOCK_SIZE: tokens per KV block. */
  blockSize: 16,
  /**
   * vllm/engine/arg_utils.py, EngineArgs.get_batch_defaults, for `vllm serve` (UsageContext.OPENAI_API_SERVER):
   * a GPU of 70 GiB or more that is not an A100 (H100, H200, MI300X) gets the large defaults.
   */
  batch: {
    largeGpuMinBytes: 70 * 2 ** 30,
    large: { maxNumBatchedTokens: 8192, maxNumSeqs: 1024 },
    other: { maxNumBatchedTokens: 2048, maxNumSeqs: 256 },
  },
  /**
   * vllm/v1/worker/gpu_worker.py, determine_available_memory: the memory CUDA graphs will take is measured
   * and subtracted before the KV cache is sized (VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS, on by default
   * since 0.21); `--enforce-eager` captures none.
   */
  estimateCudaGraphs: true,
} as const;

/** `--kv-cache-dtype` values vLLM takes (vllm/config/cache.py, CacheDType), with bytes per element. */
export const KV_CACHE_DTYPES = {
  auto: undefined,
  fp8: 1,
  fp8_e4m3: 1,
  fp8_e5m2: 1,
  bfloat16: 2,
  float16: 2,
} as const satisfies Record<string, number | undefined>;

export type KvCacheDtype = keyof typeof KV_CACHE_DTYPES;

/**
 * The terms vLLM measures at start-up, as rules fitted to its logs (test/fixtures/serve/vllm-logs.json, the
 * `fit` part): the peak of the profiling run (`profile_run` runs max_num_batched_tokens tokens through the
 * model, then the sampler over max_num_seqs rows of logits) grows with the vocabulary times max_num_seqs and
 * with the hidden size times max_num_batched_tokens; memory outside torch (NCCL, cuBLAS workspaces) is a
 * small constant on one GPU and larger with tensor parallelism's communication buffers.
 */
export const VLLM_MEASURED = {
  /** Bytes per (sequence × vocabulary entry) of the sampler's dummy run: logits, probabilities, sort buffers. */
  samplerBytesPerLogit: 38.23,
  /** Bytes per (token × hidden unit) of the forward pass at max_num_batched_tokens. */
  forwardBytesPerActivation: 2.56,
  /** Non-torch memory on one GPU, and on each GPU with tensor or pipeline parallelism. */
  nonTorchBytes: { single: 0.13 * 2 ** 30, parallel: 0.55 * 2 ** 30 },
  /**
   * "Estimated CUDA graph memory" of published logs for dense and MoE models without speculative decoding
   * (0.1 to 1.0 GiB): the median, where it is subtracted.
   */
  cudaGraphBytes: 0.4 * 2 ** 30,
} as const;

/**
 * Weights as vLLM lays them out in memory, beyond the checkpoint's bytes. Sources:
 * vllm/model_executor/layers/vocab_parallel_embedding.py (DEFAULT_VOCAB_PADDING_SIZE), rotary_embedding
 * (cos_sin_cache: max positions × rotary dim in the model's dtype), quantization/mxfp4.py create_weights
 * (the expert dimensions each MXFP4 MoE backend pads to).
 */
export const VLLM_LAYOUT = {
  vocabPadding: 64,
  /** Hopper's triton kernels: the intermediate size to 256 (set to match the logged weights of gpt-oss on H100). */
  mxfp4: {
    hopper: { intermediate: 256, hidden: 1 },
    blackwell: { intermediate: 256, hidden: 256 },
    marlin: { intermediate: 128, hidden: 256 },
  },
} as const;

export type Mxfp4Backend = keyof typeof VLLM_LAYOUT.mxfp4;
