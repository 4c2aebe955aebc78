import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseModelConfig } from "../../src/safetensors/config.js";
import { cudaVisibleBytes, gpuGeneration } from "../../src/serve/gpus.js";
import { vllmAtLength, vllmDefaults, vllmMemory, type VllmAtLength, type VllmMemory } from "../../src/serve/vllm.js";
import * as models from "../helpers/safetensors-models.js";

/*
 * vLLM's published start-up logs (test/fixtures/serve/vllm-logs.json) and the
 * plan of each, as the log's run was set up: the oracle of the vLLM plan.
 */

export const GIB = 2 ** 30;

export interface LogEntry {
  name: string;
  source: string;
  vllmVersion: string;
  checkpoint: keyof typeof CHECKPOINTS;
  gpu: string;
  gpuTotalGiB: number | null;
  gpuMemoryGB?: number;
  count: number;
  settings: {
    tensorParallelSize: number;
    gpuMemoryUtilization: number;
    maxModelLen: number;
    estimateCudaGraphs: boolean;
    maxNumSeqs?: number;
    maxNumBatchedTokens?: number;
  };
  logged: { weightsGiB?: number; activationGiB?: number; availableKvGiB?: number; kvCacheTokens?: number; starts?: boolean };
  split: "fit" | "holdout";
}

export const CHECKPOINTS = {
  LLAMA_3_1_8B: models.LLAMA_3_1_8B,
  LLAMA_3_8B: models.LLAMA_3_8B,
  LLAMA_3_3_70B_FP8: models.LLAMA_3_3_70B_FP8,
  QWEN3_0_6B: models.QWEN3_0_6B,
  QWEN3_1_7B: models.QWEN3_1_7B,
  QWEN3_32B: models.QWEN3_32B,
  QWEN3_30B_A3B: models.QWEN3_30B_A3B,
  QWEN3_235B_A22B_FP8: models.QWEN3_235B_A22B_FP8,
  QWEN2_5_7B: models.QWEN2_5_7B,
  QWEN2_7B: models.QWEN2_7B,
  R1_DISTILL_QWEN_14B: models.R1_DISTILL_QWEN_14B,
  QWEN2_5_7B_AWQ: models.QWEN2_5_7B_AWQ,
  GPT_OSS_20B: models.GPT_OSS_20B,
  GPT_OSS_120B: models.GPT_OSS_120B,
  DEEPSEEK_V2_LITE: models.DEEPSEEK_V2_LITE,
} as const;

export const FIXTURE = JSON.parse(readFileSync(join(import.meta.dirname, "../fixtures/serve/vllm-logs.json"), "utf8")) as {
  logs: LogEntry[];
  kvChecks: {
    name: string;
    checkpoint: keyof typeof CHECKPOINTS;
    tensorParallelSize: number;
    cacheGiB?: number;
    tokens?: number;
    logged: { blocks?: number; neededGiB?: number };
  }[];
  activationChecks: {
    name: string;
    checkpoint: keyof typeof CHECKPOINTS;
    maxNumBatchedTokens: number;
    maxNumSeqs: number;
    logged: { activationGiB: number };
  }[];
};

export interface Planned {
  log: LogEntry;
  memory: VllmMemory;
  at: VllmAtLength;
}

/** The plan of one log's run. */
export function planOf(log: LogEntry): Planned {
  const checkpoint = CHECKPOINTS[log.checkpoint]();
  const architecture = parseModelConfig(checkpoint.config);
  const weights = models.weightsOf(checkpoint);
  const totalBytes = log.gpuTotalGiB === null ? cudaVisibleBytes(log.gpu, (log.gpuMemoryGB ?? 80) * GIB) : log.gpuTotalGiB * GIB;
  const gpu = { name: log.gpu, totalBytes, generation: gpuGeneration(log.gpu) };
  const memory = vllmMemory(architecture, weights, gpu, vllmDefaults(gpu, log.settings));
  return { log, memory, at: vllmAtLength(memory, log.settings.maxModelLen) };
}

/** The cache's size as the log gives it and as planned: tokens where it prints them, else the memory available. */
export function cacheFigures(planned: Planned): { logged: number; planned: number } | undefined {
  const { log, memory, at } = planned;
  if (log.logged.kvCacheTokens !== undefined) return { logged: log.logged.kvCacheTokens, planned: at.kvCacheTokens };
  if (log.logged.availableKvGiB !== undefined && log.logged.starts) return { logged: log.logged.availableKvGiB * GIB, planned: memory.availableKvBytes };
  return undefined;
}
