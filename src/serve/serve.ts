import { fail } from "../outcome/problems.js";
import type { ServeWayForward } from "../outcome/serve-problems.js";
import type { ModelArchitecture } from "../safetensors/config.js";
import { cudaVisibleBytes } from "./gpus.js";
import { growingBytesPerToken, layerSpecs, groupLayers } from "./kv.js";
import { MLX_RULES, SGLANG_RULES, SGLANG_VERSION } from "./other-rules.js";
import type { PlanSetting, ServeHardware, ServePlan, ServeRequest, ServeSettings } from "./plan.js";
import { cacheElementBytes, vllmAtLength, vllmDefaults, vllmMemory, type VllmGpu, type VllmSettings } from "./vllm.js";
import { KV_CACHE_DTYPES, VLLM_VERSION, type KvCacheDtype } from "./vllm-rules.js";
import { stageWeights } from "./weights.js";

/*
 * The plan of one server for one model on one machine: which tensor-parallel
 * size, what context (the one asked if it fits; else, or when none is asked,
 * the largest that fits up to the trained length), and whether the server
 * starts; when nothing fits, what would.
 */

/** What a chosen context leaves free of the pool, so an estimate a little off still starts. */
export const CONTEXT_MARGIN = 0.05;
/** A chosen context is a multiple of this many tokens (or the trained length itself). */
const CONTEXT_STEP = 1024;
/** GPU counts tried when more would fit. */
const GPU_COUNTS = [2, 4, 8] as const;

export function checkGpuMemoryUtilization(value: number, text: string): number {
  if (!(value > 0 && value <= 1)) fail({ kind: "serve-setting-invalid", setting: "gpuMemoryUtilization", value: text });
  return value;
}

export function parseKvCacheDtype(text: string): KvCacheDtype {
  const value = text.trim().toLowerCase();
  if (!Object.hasOwn(KV_CACHE_DTYPES, value))
    fail({ kind: "serve-setting-invalid", setting: "kvCacheDtype", value: text, allowed: Object.keys(KV_CACHE_DTYPES) });
  return value as KvCacheDtype;
}

/** Whether `tp` GPUs can split the model's attention heads (vLLM's and SGLang's check). */
function divides(architecture: ModelArchitecture, tp: number): boolean {
  const { heads, kvHeads } = architecture;
  return heads % tp === 0 && (kvHeads % tp === 0 || tp % kvHeads === 0);
}

function checkDivides(request: ServeRequest, tp: number): void {
  const { architecture } = request.model;
  if (!divides(architecture, tp))
    fail({ kind: "serve-tp-indivisible", engine: request.engine, tensorParallelSize: tp, heads: architecture.heads, kvHeads: architecture.kvHeads });
}

function gpuOf(hardware: ServeHardware): VllmGpu {
  // A bare size is taken as what CUDA reports; a named device reports a little less than it was sold with.
  const totalBytes = hardware.kind === "size" ? hardware.memoryBytes : cudaVisibleBytes(hardware.name, hardware.memoryBytes);
  return { name: hardware.name, totalBytes, generation: hardware.generation };
}

function requireGpu(request: ServeRequest): void {
  if (request.hardware.kind === "apple" || request.hardware.kind === "cpu")
    fail({ kind: "serve-hardware-unsupported", engine: request.engine, hardware: request.hardware.label, needs: "gpu" });
}

/** The asked context checked against the trained length; `undefined` for fit. */
function askedContext(request: ServeRequest): number | undefined {
  const trained = request.model.architecture.trainedContext;
  const asked = request.settings.context;
  if (asked === "max") return trained;
  if (asked === undefined || asked === "fit") return undefined;
  if (asked > trained) fail({ kind: "serve-context-beyond-trained", engine: request.engine, asked, trained });
  return asked;
}

/** The context to run at when none is asked: the trained length if it fits with the margin, else the largest that does, stepped down. */
export function chosenContext(longestWithMargin: number, trained: number): number {
  if (longestWithMargin >= trained) return trained;
  if (longestWithMargin >= CONTEXT_STEP) return Math.floor(longestWithMargin / CONTEXT_STEP) * CONTEXT_STEP;
  return longestWithMargin;
}

function setting(name: string, value: string | number | boolean, asked: unknown, source: PlanSetting["source"] = "default"): PlanSetting {
  return { name, value, source: asked === undefined ? source : "asked" };
}

/** vLLM's plan at one tensor-parallel size. */
function vllmPlanAt(request: ServeRequest, tp: number, overrides: Partial<ServeSettings> = {}): ServePlan {
  const given = { ...request.settings, ...overrides };
  const { architecture, weights } = request.model;
  const gpu = gpuOf(request.hardware);
  const pp = given.pipelineParallelSize ?? 1;
  const picked: Partial<VllmSettings> = { tensorParallelSize: tp, pipelineParallelSize: pp };
  for (const key of ["gpuMemoryUtilization", "kvCacheDtype", "maxNumBatchedTokens", "maxNumSeqs", "enforceEager", "estimateCudaGraphs"] as const)
    if (given[key] !== undefined) (picked as Record<string, unknown>)[key] = given[key];
  const settings = vllmDefaults(gpu, picked);
  const memory = vllmMemory(architecture, weights, gpu, settings);
  const trained = architecture.trainedContext;
  const asked = askedContext({ ...request, settings: given });
  let maxModelLen: number;
  if (asked !== undefined) maxModelLen = asked;
  else {
    const margin = vllmAtLength({ ...memory, blocks: Math.floor(memory.blocks * (1 - CONTEXT_MARGIN)) }, trained).longestFitting;
    maxModelLen = Math.max(1, chosenContext(margin, trained));
  }
  const at = vllmAtLength(memory, maxModelLen);
  const plan: ServePlan = {
    engine: "vllm",
    version: VLLM_VERSION,
    fits: at.starts,
    weightsBytes: memory.weightsBytes,
    kvBytesPerToken: memory.kvBytesPerToken,
    kvCacheBytes: at.kvCacheBytes,
    kvCacheTokens: at.kvCacheTokens,
    maxModelLen,
    maxConcurrency: Math.floor(at.maxConcurrency * 100) / 100,
    gpuMemoryUtilization: settings.gpuMemoryUtilization,
    tensorParallelSize: tp,
    pipelineParallelSize: pp,
    kvCacheDtype: settings.kvCacheDtype,
    trainedContext: trained,
    longestFitting: vllmAtLength(memory, trained).longestFitting,
    terms: {
      totalBytes: memory.totalBytes,
      requestedBytes: memory.requestedBytes,
      activationBytes: memory.activationBytes,
      nonTorchBytes: memory.nonTorchBytes,
      cudaGraphBytes: memory.cudaGraphBytes,
      availableKvBytes: memory.availableKvBytes,
    },
    settings: [
      { name: "vLLM", value: VLLM_VERSION, source: "plan" },
      setting("--max-model-len", maxModelLen, asked, "plan"),
      setting("--tensor-parallel-size", tp, request.settings.tensorParallelSize, "plan"),
      setting("--pipeline-parallel-size", pp, given.pipelineParallelSize),
      setting("--gpu-memory-utilization", settings.gpuMemoryUtilization, given.gpuMemoryUtilization),
      setting("--kv-cache-dtype", settings.kvCacheDtype, given.kvCacheDtype),
      setting("--max-num-batched-tokens", settings.maxNumBatchedTokens, given.maxNumBatchedTokens),
      setting("--max-num-seqs", settings.maxNumSeqs, given.maxNumSeqs),
      setting("--block-size", settings.blockSize, undefined),
      setting("VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS", settings.estimateCudaGraphs ? 1 : 0, given.estimateCudaGraphs),
      setting("--enforce-eager", settings.enforceEager, given.enforceEager),
    ],
  };
  return plan;
}

/** GPU counts above the one planned that split the heads. */
function largerCounts(request: ServeRequest, tp: number): number[] {
  return GPU_COUNTS.filter((count) => count > tp && divides(request.model.architecture, count));
}

function vllmPlan(request: ServeRequest): ServePlan {
  requireGpu(request);
  const pp = request.settings.pipelineParallelSize ?? 1;
  const tp = request.settings.tensorParallelSize ?? Math.max(1, Math.floor(request.hardware.count / pp));
  checkDivides(request, tp);
  const plan = vllmPlanAt(request, tp);
  if (plan.fits) return plan;
  const ways: ServeWayForward[] = [];
  const reason = plan.terms.availableKvBytes <= 0 || plan.longestFitting === 0 ? "weights" : "kv-cache";
  if (reason === "kv-cache") {
    ways.push({ kind: "smaller-context", tokens: chosenContext(Math.floor(plan.longestFitting * (1 - CONTEXT_MARGIN)), plan.trainedContext) });
    if (plan.kvCacheDtype === "auto") {
      const fp8 = vllmPlanAt(request, tp, { kvCacheDtype: "fp8" });
      if (fp8.fits) ways.push({ kind: "fp8-kv", tokens: fp8.kvCacheTokens });
    }
  }
  for (const count of largerCounts(request, tp)) {
    if (vllmPlanAt({ ...request, hardware: { ...request.hardware, count } }, count).fits) {
      ways.push(moreGpus(request, count));
      break;
    }
  }
  return { ...plan, failure: { reason, ways } };
}

function moreGpus(request: ServeRequest, count: number): ServeWayForward {
  return request.hardware.kind === "gpu" ? { kind: "more-gpus", count, device: request.hardware.name } : { kind: "more-gpus", count };
}

function sglangFraction(tp: number): number {
  return SGLANG_RULES.memFractionStatic.find((rule) => tp >= rule.minTp)!.fraction;
}

/** SGLang's KV cell: every attention layer's K and V of one token (MLA: one latent), on one GPU. */
function sglangCellBytes(architecture: ModelArchitecture, tp: number, cacheBytes: number): number {
  const attention = architecture.layers.filter((layer) => layer.kind === "full" || layer.kind === "sliding" || layer.kind === "mla").length;
  if (architecture.mla) return (architecture.mla.kvLoraRank + architecture.mla.qkRopeHeadDim) * attention * cacheBytes;
  return Math.max(1, Math.floor(architecture.kvHeads / tp)) * (architecture.headDim + architecture.headDimV) * attention * cacheBytes;
}

function sglangPlan(request: ServeRequest): ServePlan {
  requireGpu(request);
  const { architecture, weights } = request.model;
  const tp = request.settings.tensorParallelSize ?? request.hardware.count;
  checkDivides(request, tp);
  const gpu = gpuOf(request.hardware);
  const fraction = request.settings.gpuMemoryUtilization ?? sglangFraction(tp);
  const dtype = request.settings.kvCacheDtype ?? "auto";
  const stage = stageWeights(architecture, weights, {
    tensorParallelSize: tp,
    pipelineParallelSize: 1,
    mxfp4Backend: gpu.generation === "hopper" ? "hopper" : "marlin",
  })[0]!;
  const context = tp > 1 ? SGLANG_RULES.contextBytes.parallel : SGLANG_RULES.contextBytes.single;
  const rest = gpu.totalBytes * fraction - stage.bytes - context;
  const cell = sglangCellBytes(architecture, tp, cacheElementBytes(dtype));
  const tokens = rest > 0 ? Math.floor(rest / cell) : 0;
  const trained = architecture.trainedContext;
  const asked = askedContext(request);
  const maxModelLen = asked ?? chosenContext(Math.floor(tokens * (1 - CONTEXT_MARGIN)), trained);
  const fits = tokens > 0 && tokens >= maxModelLen;
  const plan: ServePlan = {
    engine: "sglang",
    version: SGLANG_VERSION,
    fits,
    weightsBytes: stage.bytes,
    kvBytesPerToken: cell,
    kvCacheBytes: Math.max(0, tokens * cell),
    kvCacheTokens: tokens,
    maxModelLen: Math.max(1, maxModelLen),
    maxConcurrency: maxModelLen > 0 ? Math.floor((tokens / maxModelLen) * 100) / 100 : 0,
    gpuMemoryUtilization: fraction,
    tensorParallelSize: tp,
    pipelineParallelSize: 1,
    kvCacheDtype: dtype,
    trainedContext: trained,
    longestFitting: Math.min(tokens, trained),
    terms: {
      totalBytes: gpu.totalBytes,
      requestedBytes: gpu.totalBytes * fraction,
      activationBytes: 0,
      nonTorchBytes: context,
      cudaGraphBytes: 0,
      availableKvBytes: rest,
    },
    settings: [
      { name: "SGLang", value: SGLANG_VERSION, source: "plan" },
      setting("--context-length", Math.max(1, maxModelLen), asked, "plan"),
      setting("--tp", tp, request.settings.tensorParallelSize, "plan"),
      setting("--mem-fraction-static", fraction, request.settings.gpuMemoryUtilization),
      setting("--kv-cache-dtype", dtype, request.settings.kvCacheDtype),
    ],
  };
  if (fits) return plan;
  const ways: ServeWayForward[] = [];
  const reason = rest <= 0 ? "weights" : "kv-cache";
  if (reason === "kv-cache")
    ways.push({ kind: "smaller-context", tokens: chosenContext(Math.floor(Math.min(tokens, trained) * (1 - CONTEXT_MARGIN)), trained) });
  for (const count of largerCounts(request, tp)) {
    if (sglangPlan({ ...request, hardware: { ...request.hardware, count }, settings: { ...request.settings, tensorParallelSize: count } }).fits) {
      ways.push(moreGpus(request, count));
      break;
    }
  }
  return { ...plan, failure: { reason, ways } };
}

/** MLX LM on an Apple chip: the checkpoint as stored, and a cache that grows with the conversation, in the GPU's share. */
function mlxPlan(request: ServeRequest): ServePlan {
  const { hardware } = request;
  if (hardware.kind === "gpu" || hardware.kind === "cpu")
    fail({ kind: "serve-hardware-unsupported", engine: "mlx-lm", hardware: hardware.label, needs: "apple" });
  const { architecture, weights } = request.model;
  const share = hardware.gpuShareBytes ?? hardware.memoryBytes;
  const layout = groupLayers(
    layerSpecs(architecture, architecture.layers, { tensorParallelSize: 1, cacheBytes: 2, blockSize: MLX_RULES.cacheStep, maxNumBatchedTokens: 2048 }),
  );
  const perToken = growingBytesPerToken(layout);
  const free = share - weights.totalBytes - MLX_RULES.allowanceBytes;
  const tokens = free > 0 && perToken > 0 ? Math.floor(free / perToken) : free > 0 ? architecture.trainedContext : 0;
  const trained = architecture.trainedContext;
  const asked = askedContext(request);
  const maxModelLen = asked ?? chosenContext(Math.floor(tokens * (1 - CONTEXT_MARGIN)), trained);
  const need = Math.ceil(maxModelLen / MLX_RULES.cacheStep) * MLX_RULES.cacheStep * perToken;
  const fits = free > 0 && need <= free;
  const plan: ServePlan = {
    engine: "mlx-lm",
    version: "",
    fits,
    weightsBytes: weights.totalBytes,
    kvBytesPerToken: perToken,
    kvCacheBytes: need,
    kvCacheTokens: Math.min(tokens, trained),
    maxModelLen: Math.max(1, maxModelLen),
    maxConcurrency: maxModelLen > 0 ? Math.floor((Math.min(tokens, 10 * trained) / maxModelLen) * 100) / 100 : 0,
    gpuMemoryUtilization: share / hardware.memoryBytes,
    tensorParallelSize: 1,
    pipelineParallelSize: 1,
    kvCacheDtype: "float16",
    trainedContext: trained,
    longestFitting: Math.min(tokens, trained),
    terms: {
      totalBytes: hardware.memoryBytes,
      requestedBytes: share,
      activationBytes: MLX_RULES.allowanceBytes,
      nonTorchBytes: 0,
      cudaGraphBytes: 0,
      availableKvBytes: free,
    },
    settings: [
      { name: "GPU share of unified memory", value: share, source: "default" },
      { name: "context planned", value: Math.max(1, maxModelLen), source: asked === undefined ? "plan" : "asked" },
    ],
  };
  if (fits) return plan;
  const reason = free <= 0 ? "weights" : "kv-cache";
  return { ...plan, failure: { reason, ways: reason === "kv-cache" ? [{ kind: "smaller-context", tokens: Math.min(tokens, trained) }] : [] } };
}

/** The plan for `request`. Throws a Failure for what cannot be planned (hardware the engine does not run on, heads that do not split). */
export function planServe(request: ServeRequest): ServePlan {
  if (request.settings.gpuMemoryUtilization !== undefined)
    checkGpuMemoryUtilization(request.settings.gpuMemoryUtilization, String(request.settings.gpuMemoryUtilization));
  switch (request.engine) {
    case "vllm":
      return vllmPlan(request);
    case "sglang":
      return sglangPlan(request);
    case "mlx-lm":
      return mlxPlan(request);
  }
}
