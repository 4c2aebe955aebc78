/*
 * SGLang's and MLX LM's rules for the memory they take, as data with their
 * source. SGLang sizes its KV pool at start-up like vLLM, from a fixed share
 * of the GPU; MLX LM allocates as the conversation grows, in the share of
 * unified memory macOS lets the GPU wire.
 */

/** The SGLang release whose rules the plan follows. */
export const SGLANG_VERSION = "0.4";

export const SGLANG_RULES = {
  /**
   * python/sglang/srt/server_args.py (ServerArgs.__post_init__): the default --mem-fraction-static by
   * --tp, the share of the GPU for the weights and the KV pool (the rest is for activations and CUDA graphs).
   */
  memFractionStatic: [
    { minTp: 16, fraction: 0.79 },
    { minTp: 8, fraction: 0.81 },
    { minTp: 4, fraction: 0.85 },
    { minTp: 2, fraction: 0.87 },
    { minTp: 1, fraction: 0.88 },
  ],
  /**
   * python/sglang/srt/model_executor/model_runner.py (profile_max_num_token): tokens = (memory free after
   * the weights − total × (1 − mem_fraction_static)) / cell size, the cell every layer's K and V of one token
   * (MLA: one latent of kv_lora_rank + qk_rope_head_dim). What the CUDA context and NCCL keep before the
   * weights load is not free: taken as vLLM's measured non-torch memory.
   */
  contextBytes: { single: 0.13 * 2 ** 30, parallel: 0.55 * 2 ** 30 },
} as const;

export const MLX_RULES = {
  /** mlx-lm (mlx_lm/models/cache.py, KVCache): K and V of every layer in the model's 16-bit dtype, grown in steps of 256 tokens. */
  cacheStep: 256,
  /**
   * What MLX itself, the prefill step (mlx_lm/generate.py, prefill_step_size 2048) and the process take beside
   * weights and cache: an allowance, not measured.
   */
  allowanceBytes: 2 ** 30,
} as const;
