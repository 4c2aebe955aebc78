/*
 * Facts about how llama.cpp lays out the cache of each family of models,
 * kept as tables so that a new architecture is one line.
 */

/** Bytes of the KV cache types llama.cpp takes with --cache-type-k/-v: `blockSize` elements in `bytesPerBlock` bytes. */
export const CACHE_TYPES = {
  f16: { blockSize: 1, bytesPerBlock: 2 },
  q8_0: { blockSize: 32, bytesPerBlock: 34 },
  q4_0: { blockSize: 32, bytesPerBlock: 18 },
} as const;
export type CacheType = keyof typeof CACHE_TYPES;
export const CACHE_TYPE_NAMES = Object.keys(CACHE_TYPES) as CacheType[];

/**
 * Architectures whose sliding-window layers llama.cpp lays out by a period
 * when the header names none: every N-th layer is global, the others hold only
 * the window.
 */
export const SLIDING_WINDOW_PERIODS: Readonly<Record<string, number>> = {
  gemma2: 2,
  gemma3: 6,
  cohere2: 4,
  "gpt-oss": 2,
};

/** Architectures with a plain attention cache (full or grouped-query heads) and no other state. */
export const ATTENTION_ARCHITECTURES: ReadonlySet<string> = new Set([
  "llama",
  "llama4",
  "mistral3",
  "qwen2",
  "qwen2moe",
  "qwen2vl",
  "qwen3",
  "qwen3moe",
  "phi2",
  "phi3",
  "phimoe",
  "gemma",
  "starcoder",
  "starcoder2",
  "command-r",
  "olmo",
  "olmo2",
  "olmoe",
  "granite",
  "granitemoe",
  "internlm2",
  "stablelm",
  "exaone",
  "deci",
  "falcon",
  "gptneox",
  "gpt2",
  "bloom",
  "mpt",
  "baichuan",
  "chatglm",
  "glm4",
  "glm4moe",
  "smollm3",
  "ernie4_5",
  "ernie4_5-moe",
  "hunyuan-moe",
  "dots1",
  "arcee",
  "minicpm",
  "orion",
  "xverse",
  "refact",
  "codeshell",
]);

/** Recurrent architectures: a fixed state per layer instead of a cache that grows with the context. */
export const RECURRENT_ARCHITECTURES: ReadonlySet<string> = new Set(["mamba", "mamba2", "rwkv6", "rwkv6qwen2", "rwkv7", "arwkv7"]);

/** Hybrids: Mamba layers (no key-value heads) among attention layers. */
export const HYBRID_ARCHITECTURES: ReadonlySet<string> = new Set(["jamba", "falcon-h1", "granitehybrid", "nemotron_h", "plamo2", "lfm2", "qwen3next"]);

/** llama.cpp's default micro-batch (--ubatch-size): the rows one step of the compute graph holds. */
export const MICRO_BATCH = 512;

/** llama.cpp rounds the context up to a multiple of this (llama-context.cpp), and sizes sliding windows in its steps. */
export const CONTEXT_PADDING = 256;

/** llama.cpp's default when no --ctx-size is given is the trained length; hubref caps its default here. */
export const DEFAULT_CONTEXT_CAP = 8192;
