import type { ServeEngine, ServeWayForward } from "../outcome/serve-problems.js";
import type { ModelArchitecture } from "../safetensors/config.js";
import type { WeightFacts } from "../safetensors/facts.js";
import type { GpuGeneration } from "./gpus.js";
import type { KvCacheDtype } from "./vllm-rules.js";

/*
 * One request and one result for every server hubref plans (vLLM, SGLang,
 * MLX LM): the model's facts, the hardware, the settings asked; the plan
 * with the figures scripts read (`plan` in --json) and every setting it
 * depends on. The local-run owner dispatches here for safetensors apps.
 */

export interface ServeModel {
  id: string;
  architecture: ModelArchitecture;
  weights: WeightFacts;
}

/** The hardware a plan is for: `count` devices of one kind. */
export interface ServeHardware {
  /** As messages name it, after "on": "2× RTX 4090, 24 GB each". */
  label: string;
  name: string;
  kind: "gpu" | "apple" | "cpu" | "size";
  count: number;
  /** The memory of one device as sold (24 GB = 24 GiB), or the size given. */
  memoryBytes: number;
  /** The share an Apple chip's GPU may wire (macOS's default), for MLX. */
  gpuShareBytes?: number;
  generation: GpuGeneration;
}

/** What the user asked of the server; absent fields take the engine's defaults. */
export interface ServeSettings {
  /** A number of tokens, `fit` (the largest that fits, the default) or `max` (the trained length). */
  context?: number | "fit" | "max";
  tensorParallelSize?: number;
  pipelineParallelSize?: number;
  gpuMemoryUtilization?: number;
  kvCacheDtype?: KvCacheDtype;
  maxNumBatchedTokens?: number;
  maxNumSeqs?: number;
  enforceEager?: boolean;
  /** vLLM's VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS; SGLang's and MLX's plans ignore it. */
  estimateCudaGraphs?: boolean;
}

export interface ServeRequest {
  engine: ServeEngine;
  model: ServeModel;
  hardware: ServeHardware;
  settings: ServeSettings;
}

/** A setting the plan depends on, with the value used and whether it was asked or is the engine's default. */
export interface PlanSetting {
  name: string;
  value: string | number | boolean;
  source: "asked" | "default" | "plan";
}

/** The plan's figures, per GPU where it says so; the names are `plan`'s fields in --json. */
export interface ServePlan {
  engine: ServeEngine;
  /** The engine release whose rules the plan follows. */
  version: string;
  fits: boolean;
  weightsBytes: number;
  kvBytesPerToken: number;
  kvCacheBytes: number;
  kvCacheTokens: number;
  maxModelLen: number;
  maxConcurrency: number;
  gpuMemoryUtilization: number;
  tensorParallelSize: number;
  pipelineParallelSize: number;
  kvCacheDtype: string;
  /** The model's trained context, and the longest context that fits. */
  trainedContext: number;
  longestFitting: number;
  /** The terms of the budget on one GPU, for the verdict and the docs. */
  terms: { totalBytes: number; requestedBytes: number; activationBytes: number; nonTorchBytes: number; cudaGraphBytes: number; availableKvBytes: number };
  settings: PlanSetting[];
  /** When it does not fit: why, and what would. */
  failure?: { reason: "weights" | "kv-cache"; ways: ServeWayForward[] };
}
