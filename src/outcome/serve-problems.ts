import { problemKind } from "./kind.js";

/*
 * Safetensors models and the servers that run them (vLLM, SGLang, MLX LM):
 * what a repository's headers and config.json can be, what a serving plan
 * can refuse, and what would run instead.
 */

/** The servers a plan is made for. */
export type ServeEngine = "vllm" | "sglang" | "mlx-lm";

/** What is wrong with a safetensors header, as data. */
export type HeaderFault =
  | { found: "too-short"; bytes: number }
  | { found: "too-large"; claimedBytes: number; limitBytes: number }
  | { found: "not-json" }
  | { found: "too-deep"; limit: number }
  | { found: "too-many-tensors"; limit: number }
  | { found: "bad-entry"; tensor: string; field: "dtype" | "shape" | "data_offsets" | "entry"; detail?: string }
  | { found: "overflow"; tensor: string }
  | { found: "offsets-mismatch"; tensor: string; expected: number; stated: number };

/** What is wrong with a JSON file of the repository (config.json, the shard index), as data. */
export type JsonFault =
  | { found: "too-large"; limitBytes: number }
  | { found: "not-json" }
  | { found: "too-deep"; limit: number }
  | { found: "not-object"; field?: string }
  | { found: "missing"; field: string }
  | { found: "not-number"; field: string; value: string }
  | { found: "out-of-range"; field: string; value: string }
  | { found: "too-many"; field: string; limit: number }
  | { found: "bad-name"; field: string; value: string };

/** A way a plan that does not fit would: what to change, with the figure that makes it fit. */
export type ServeWayForward =
  /** `device` is the GPU's name, absent for a size. */
  | { kind: "more-gpus"; count: number; device?: string }
  | { kind: "smaller-context"; tokens: number }
  | { kind: "fp8-kv"; tokens: number }
  | { kind: "gpu-memory-utilization"; value: number }
  | { kind: "quantized-repo"; id: string };

export const SERVE_PROBLEMS = {
  /** The repository holds no safetensors weights; `gguf` when it holds GGUF files instead. */
  "safetensors-missing": problemKind<{ id: string; engine: ServeEngine; gguf: boolean }>("usage"),
  "safetensors-header-invalid": problemKind<{ id: string; file: string } & HeaderFault>("usage"),
  "safetensors-index-invalid": problemKind<{ id: string; file: string } & JsonFault>("usage"),
  /** config.json (or its text_config) lacks a field the plan needs, or holds something else there. */
  "model-config-invalid": problemKind<{ id: string; file: string } & JsonFault>("usage"),
  /** Offline, with no facts cached for the repository. */
  "safetensors-not-cached": problemKind<{ id: string }>("unavailable"),
  /** The engine does not run on the hardware named (vLLM and SGLang need an NVIDIA or AMD GPU, MLX LM an Apple chip). */
  "serve-hardware-unsupported": problemKind<{ engine: ServeEngine; hardware: string; needs: "gpu" | "apple" }>("usage"),
  /** Tensor parallelism splits attention heads across GPUs: the count must divide them. */
  "serve-tp-indivisible": problemKind<{ engine: ServeEngine; tensorParallelSize: number; heads: number; kvHeads: number }>("usage"),
  "serve-setting-invalid": problemKind<{ setting: "gpuMemoryUtilization" | "kvCacheDtype"; value: string; allowed?: readonly string[] }>("usage"),
  /** The context asked is beyond what the model was trained for (and no rope scaling stretches it). */
  "serve-context-beyond-trained": problemKind<{ engine: ServeEngine; asked: number; trained: number }>("usage"),
  /**
   * Nothing fits as asked: the weights alone (`weightsBytes` against `budgetBytes` per GPU), or the KV
   * cache of one request at the context asked. `ways` are what would.
   */
  "serve-no-fit": problemKind<{
    engine: ServeEngine;
    id: string;
    hardware: string;
    reason: "weights" | "kv-cache";
    weightsBytes: number;
    budgetBytes: number;
    context: number;
    fitsTokens: number;
    ways: readonly ServeWayForward[];
  }>("usage"),
} as const;
