import { shellWord } from "../format/shell.js";
import type { MemoryPlan } from "./plan.js";

/*
 * How fast a plan would run, estimated, never measured: the speed llama-bench
 * would report on the device, with its basis.
 *
 * Generating a token reads every weight it uses once (a dense model's layers
 * and output; a MoE model's shared weights and its routed experts only) and
 * the KV cache of the context so far, each from the memory that holds it, so:
 *
 *   seconds a token = Σ bytes read from a memory ÷ (its bandwidth × efficiency)
 *                     + a fixed cost per layer
 *
 * The efficiency is the backend's share of peak bandwidth while it streams
 * weights (llama.cpp's matrix-vector kernels); the fixed cost is what a layer
 * costs beyond its bytes (kernel launches, synchronisation), which is why
 * the share of the roofline falls as bandwidth rises: an H100's 3,350 GB/s
 * leave its fixed cost most of the time a token takes. The fixed cost is the
 * backend's, scaled by the device's architecture (an older or clocked-down
 * part takes longer per kernel). Layers and experts in system memory are
 * read by the CPU, at its own share of the system memory's bandwidth.
 *
 * Reading a prompt is bound by arithmetic instead: two operations per active
 * parameter per token, plus the attention over the tokens before it, at the
 * device's FP16 rate times its architecture's factor (tensor cores make a
 * consumer NVIDIA card run the quantized matrix products at about twice its
 * listed shader rate; an Apple GPU reaches two thirds of its own).
 *
 * The constants were fitted to published llama-bench runs (docs/hardware.md,
 * "The speed estimate", names the runs and how far off the rule is on the
 * runs it was not fitted on; test/fixtures/llama-bench/ holds them).
 */

/** The llama.cpp backends the rule knows: what runs a device's layers. */
export type Backend = "CUDA" | "Metal" | "ROCm" | "Vulkan" | "CPU";

interface BackendRule {
  /** Share of peak bandwidth its kernels reach while streaming weights. */
  efficiency: number;
  /** Seconds a token costs beyond its bytes, for a model of 32 layers (scaled by the layer count). */
  fixedSeconds: number;
  /** For a backend other than the device's own (Vulkan on NVIDIA or AMD): its prompt rate against the native one's. */
  promptRatio?: Partial<Record<string, number>>;
}

export const BACKEND_RULES: Readonly<Record<Exclude<Backend, "CPU">, BackendRule>> = {
  CUDA: { efficiency: 0.81, fixedSeconds: 2.87e-3 },
  Metal: { efficiency: 0.911, fixedSeconds: 5.34e-3 },
  ROCm: { efficiency: 0.831, fixedSeconds: 4.57e-3 },
  Vulkan: { efficiency: 0.919, fixedSeconds: 3.01e-3, promptRatio: { CUDA: 0.893, ROCm: 1.103 } },
};

/** The share of the system memory's bandwidth the CPU reaches on the layers or experts a plan puts there. */
export const SYSTEM_MEMORY_EFFICIENCY = 0.5;

interface ArchitectureRule {
  /** The backend's fixed cost per layer is multiplied by this. */
  fixedScale: number;
  /** Prompt FLOPS reached, as a share of the catalogue's TFLOPS figure for the device. */
  promptFactor: number;
  /** The backend the factors were measured under. */
  native: Exclude<Backend, "CPU">;
  /** Without a measurement of its own: the architecture whose factors stand in. */
  borrowed?: string;
}

/** Each architecture of the hardware catalogue (catalogue/hardware.json's `architectures`); a test keeps the two in step. */
export const ARCHITECTURE_RULES: Readonly<Record<string, ArchitectureRule>> = {
  kepler: { native: "CUDA", fixedScale: 17.47, promptFactor: 0.446 },
  maxwell: { native: "CUDA", fixedScale: 3.22, promptFactor: 0.57 },
  pascal: { native: "CUDA", fixedScale: 2.06, promptFactor: 1.307 },
  volta: { native: "CUDA", fixedScale: 0.77, promptFactor: 1.305 },
  turing: { native: "CUDA", fixedScale: 1.03, promptFactor: 1.32 },
  "turing-gtx16": { native: "CUDA", fixedScale: 0.5, promptFactor: 0.207 },
  ampere: { native: "CUDA", fixedScale: 0.46, promptFactor: 1.898 },
  "ampere-datacenter": { native: "CUDA", fixedScale: 0.98, promptFactor: 0.926 },
  ada: { native: "CUDA", fixedScale: 0.26, promptFactor: 1.955 },
  hopper: { native: "CUDA", fixedScale: 0.79, promptFactor: 0.542 },
  "blackwell-datacenter": { native: "CUDA", fixedScale: 0.79, promptFactor: 0.542, borrowed: "hopper" },
  blackwell: { native: "CUDA", fixedScale: 0.26, promptFactor: 2.068 },
  gcn5: { native: "ROCm", fixedScale: 1.32, promptFactor: 0.569 },
  rdna1: { native: "ROCm", fixedScale: 0.99, promptFactor: 0.61, borrowed: "rdna2" },
  rdna2: { native: "ROCm", fixedScale: 0.99, promptFactor: 0.61 },
  cdna1: { native: "ROCm", fixedScale: 1.17, promptFactor: 0.204 },
  cdna2: { native: "ROCm", fixedScale: 1.15, promptFactor: 0.189 },
  cdna3: { native: "ROCm", fixedScale: 1.15, promptFactor: 0.189, borrowed: "cdna2" },
  rdna3: { native: "ROCm", fixedScale: 0.44, promptFactor: 0.379 },
  "rdna3.5": { native: "ROCm", fixedScale: 1, promptFactor: 0.389 },
  rdna4: { native: "ROCm", fixedScale: 0.7, promptFactor: 0.683 },
  alchemist: { native: "Vulkan", fixedScale: 1.67, promptFactor: 0.311, borrowed: "battlemage" },
  battlemage: { native: "Vulkan", fixedScale: 1.67, promptFactor: 0.311 },
  "adreno-x1": { native: "Vulkan", fixedScale: 1.67, promptFactor: 0.311, borrowed: "battlemage" },
  "apple-m1": { native: "Metal", fixedScale: 1.17, promptFactor: 0.679 },
  "apple-m2": { native: "Metal", fixedScale: 0.99, promptFactor: 0.664 },
  "apple-m3": { native: "Metal", fixedScale: 1.02, promptFactor: 0.721 },
  "apple-m4": { native: "Metal", fixedScale: 0.84, promptFactor: 0.657 },
  "apple-a18": { native: "Metal", fixedScale: 0.84, promptFactor: 0.657, borrowed: "apple-m4" },
  "apple-m5": { native: "Metal", fixedScale: 0.84, promptFactor: 0.657, borrowed: "apple-m4" },
};

/** A device of unknown architecture: the backend's own figures, and a prompt factor of one. */
const UNKNOWN_ARCHITECTURE: Omit<ArchitectureRule, "native"> = { fixedScale: 1, promptFactor: 1 };

/** The layer count the backends' fixed costs are stated for. */
const REFERENCE_LAYERS = 32;

/** What the devices can move and compute, and what runs them; figures absent when unknown. */
export interface SpeedDevices {
  /** Bytes a second. */
  gpuBandwidth?: number;
  systemBandwidth?: number;
  /** FP16 operations a second. */
  flops?: number;
  /** The device's name, for the basis. */
  device?: string;
  /** What runs its layers; absent: CUDA's figures, as before the rule knew backends. */
  backend?: Backend;
  /** The catalogue's architecture id (ARCHITECTURE_RULES). */
  architecture?: string;
  /** The system memory assumed or named beside a discrete GPU, in words (`dual-channel DDR4-3200`). */
  systemMemory?: string;
}

/** What the header says of the model's shape: the experts a MoE model routes each token to, and its attention's width. */
export interface ModelShape {
  expertCount?: number;
  expertUsedCount?: number;
  /** Query heads (per layer or one for all), and the width of a key head. */
  headCount?: number | number[];
  keyLength?: number;
  embeddingLength?: number;
}

/** Kept for callers that pass only the experts. */
export type ExpertRouting = ModelShape;

export interface SpeedOptions {
  /** Prompt tokens the prompt speed is for (llama-bench's `-p`); 512 by default. */
  promptTokens?: number;
}

/** Bytes read for one generated token from one memory, and at what rate. */
export interface MemoryRead {
  /** Weights read per token. */
  bytes: number;
  /** The KV cache read per token with the whole context filled. */
  cacheBytes: number;
  /** Peak bytes a second, and the share of it the estimate takes. */
  bandwidth: number;
  efficiency: number;
}

/** What the estimate rests on: what a reader needs to check it, or to measure it with llama-bench. */
export interface SpeedBasis {
  backend: Backend;
  device?: string;
  architecture?: string;
  /** Whether the architecture's factors are another's (no measurement of its own). */
  borrowedFrom?: string;
  gpu?: MemoryRead;
  system?: MemoryRead & { memory?: string };
  /** Seconds each token costs beyond its bytes. */
  fixedSeconds: number;
  layers: number;
  /** The context the `AtContext` figure is for. */
  context: number;
  prompt?: { tokens: number; operationsPerToken: number; flops: number; factor: number };
  /** The llama-bench command that measures the plan on the user's machine; absent where the plan names no file. */
  command?: string;
}

export interface SpeedEstimate {
  /** Generated tokens a second from an empty context (llama-bench's tg128). */
  generation: number;
  /** The same with the whole context filled: every token then reads the full KV cache. */
  generationAtContext: number;
  /** Prompt tokens a second; absent without the device's FLOPS or the model's parameter count. */
  prompt?: number;
  /** Weight bytes read per generated token, on the GPUs and in system memory. */
  gpuBytes: number;
  systemBytes: number;
  basis: SpeedBasis;
}

/** A CPU device's layers are system memory read by the CPU; no run measured its fixed cost, so CUDA's stands in. */
function backendRule(backend: Backend): BackendRule {
  return backend === "CPU" ? { efficiency: SYSTEM_MEMORY_EFFICIENCY, fixedSeconds: BACKEND_RULES.CUDA.fixedSeconds } : BACKEND_RULES[backend];
}

function architectureRule(architecture: string | undefined): Omit<ArchitectureRule, "native"> & { native?: Backend } {
  return (architecture === undefined ? undefined : ARCHITECTURE_RULES[architecture]) ?? UNKNOWN_ARCHITECTURE;
}

function headsOf(shape: ModelShape, layer: number): number {
  const heads = shape.headCount;
  return (Array.isArray(heads) ? heads[layer] : heads) ?? 0;
}

/**
 * The estimate for a plan, or undefined where a bandwidth it needs is unknown
 * (no speed is better than a made-up one). `parameters` is the model's total
 * parameter count, for the prompt rate.
 */
export function estimateSpeed(
  plan: MemoryPlan,
  shape: ModelShape,
  devices: SpeedDevices,
  parameters?: number,
  options: SpeedOptions = {},
): SpeedEstimate | undefined {
  const { estimate } = plan;
  const layers = estimate.layers;
  const count = layers.length;
  const routed = shape.expertCount && shape.expertUsedCount ? Math.min(1, shape.expertUsedCount / shape.expertCount) : 1;
  const firstGpuLayer = count - plan.gpuLayers;
  let gpuBytes = 0;
  let systemBytes = 0;
  let gpuCache = 0;
  let systemCache = 0;
  layers.forEach((layer, index) => {
    const shared = layer.weights - layer.experts;
    const experts = layer.experts * routed;
    const onGpu = index >= firstGpuLayer && plan.gpuLayers > 0;
    const expertsInSystem = index < plan.cpuMoeLayers;
    if (onGpu) gpuBytes += shared;
    else systemBytes += shared;
    if (onGpu && !expertsInSystem) gpuBytes += experts;
    else systemBytes += experts;
    // A layer's cache lives beside its attention: on the GPU for a GPU layer, experts in system memory or not.
    if (onGpu) gpuCache += layer.cache;
    else systemCache += layer.cache;
  });
  const layerWeights = layers.reduce((sum, layer) => sum + layer.weights, 0);
  const output = estimate.weights - estimate.projector - layerWeights - estimate.tokenEmbedding;
  // A tied output projection is the token embedding, read whole for every token.
  const outputRead = Math.max(0, output < 0.01 * estimate.tokenEmbedding ? output + estimate.tokenEmbedding : output);
  if (plan.gpuLayers > 0) gpuBytes += outputRead;
  else systemBytes += outputRead;

  const backend = devices.backend ?? "CUDA";
  const rule = backendRule(backend);
  const architecture = architectureRule(devices.architecture);
  const reads: { gpu?: MemoryRead; system?: MemoryRead } = {};
  for (const [where, bytes, cache, bandwidth, efficiency] of [
    ["gpu", gpuBytes, gpuCache, devices.gpuBandwidth, rule.efficiency],
    ["system", systemBytes, systemCache, devices.systemBandwidth, SYSTEM_MEMORY_EFFICIENCY],
  ] as const) {
    if (bytes <= 0 && cache <= 0) continue;
    if (bandwidth === undefined || !(bandwidth > 0)) return undefined;
    reads[where] = { bytes, cacheBytes: cache, bandwidth, efficiency };
  }
  if (!reads.gpu && !reads.system) return undefined;
  const fixedSeconds = rule.fixedSeconds * architecture.fixedScale * (Math.max(1, count) / REFERENCE_LAYERS);
  const seconds = (cacheShare: number) =>
    fixedSeconds + Object.values(reads).reduce((sum, read) => sum + (read.bytes + cacheShare * read.cacheBytes) / (read.bandwidth * read.efficiency), 0);

  const basis: SpeedBasis = {
    backend,
    ...(devices.device !== undefined && { device: devices.device }),
    ...(devices.architecture !== undefined && { architecture: devices.architecture }),
    ...(architecture.borrowed !== undefined && { borrowedFrom: architecture.borrowed }),
    ...(reads.gpu && { gpu: reads.gpu }),
    ...(reads.system && { system: { ...reads.system, ...(devices.systemMemory !== undefined && { memory: devices.systemMemory }) } }),
    fixedSeconds,
    layers: count,
    context: plan.context,
    ...(plan.files.length > 0 && { command: llamaBenchCommand(plan) }),
  };
  const speed: SpeedEstimate = { generation: 1 / seconds(0), generationAtContext: 1 / seconds(1), gpuBytes, systemBytes, basis };

  const total = layerWeights + outputRead;
  if (devices.flops !== undefined && parameters !== undefined && parameters > 0 && total > 0) {
    const tokens = options.promptTokens ?? 512;
    // Active parameters in the proportion of the bytes a token reads: a MoE model computes with its routed experts only.
    const active = parameters * ((gpuBytes + systemBytes) / total);
    // Each token attends to the ones before it: half the prompt on average, two operations a key and two a value per head.
    const attention = layers.reduce((sum, _layer, index) => sum + 4 * headsOf(shape, index) * (shape.keyLength ?? 0) * (tokens / 2), 0);
    const operationsPerToken = 2 * active + attention;
    const ratio = architecture.native !== undefined && architecture.native !== backend ? (rule.promptRatio?.[architecture.native] ?? 1) : 1;
    const factor = architecture.promptFactor * ratio;
    const flops = devices.flops * factor;
    // Without flash attention the score matrix is written, softmaxed and read again in f32: three passes a head a key.
    const scores = plan.flashAttention ? 0 : layers.reduce((sum, _layer, index) => sum + 12 * headsOf(shape, index) * (tokens / 2), 0);
    const scoreBandwidth = (reads.gpu ?? reads.system)!.bandwidth;
    speed.prompt = 1 / (operationsPerToken / flops + scores / scoreBandwidth);
    basis.prompt = { tokens, operationsPerToken, flops, factor };
  }
  return speed;
}

/**
 * The llama-bench command that measures the plan on the user's machine:
 * the same file, layers on the GPU, experts kept in system memory, cache
 * types and flash attention; generation from an empty context and from a
 * full one (`-d`), a 512-token prompt.
 */
export function llamaBenchCommand(plan: MemoryPlan): string {
  const words = ["llama-bench", "-m", shellWord(plan.files[0] ?? "MODEL.gguf"), "-ngl", String(plan.ngl)];
  if (plan.cpuMoeLayers > 0) words.push("--n-cpu-moe", String(plan.cpuMoeLayers));
  words.push("-fa", plan.flashAttention ? "1" : "0");
  if (plan.cacheTypeK !== "f16") words.push("-ctk", plan.cacheTypeK);
  if (plan.cacheTypeV !== "f16") words.push("-ctv", plan.cacheTypeV);
  words.push("-p", "512", "-n", "128", "-d", `0,${plan.context}`);
  return words.join(" ");
}

/** The speed as --json prints it: labelled an estimate, with what it rests on and how to measure it. */
export interface SpeedReport {
  estimate: true;
  generationTokensPerSecond: number;
  /** With the whole context filled. */
  generationAtContextTokensPerSecond: number;
  promptTokensPerSecond: number | null;
  /** The GPU's share of peak bandwidth the estimate takes (kept from before the basis was shown). */
  efficiency: number;
  basis: {
    backend: Backend;
    device: string | null;
    architecture: string | null;
    /** One per memory a token reads: bytes of weights, bytes of KV cache with the context full, peak GB/s, the share taken. */
    memories: {
      memory: "gpu" | "system";
      name: string | null;
      bytesPerToken: number;
      cacheBytesPerTokenAtContext: number;
      bandwidthGBs: number;
      efficiency: number;
    }[];
    fixedMillisecondsPerToken: number;
    context: number;
    promptFlopsFactor: number | null;
    borrowedFrom: string | null;
  };
  /** The llama-bench command that measures it; null where the plan has no file. */
  measure: string | null;
}

/** Generated tokens a second with `depth` tokens of context already in the cache (llama-bench's `-d`). */
export function generationAtDepth(speed: SpeedEstimate, depth: number): number {
  const { basis } = speed;
  const share = basis.context > 0 ? Math.min(1, depth / basis.context) : 0;
  const reads = [basis.gpu, basis.system].filter((read) => read !== undefined);
  return 1 / (basis.fixedSeconds + reads.reduce((sum, read) => sum + (read.bytes + share * read.cacheBytes) / (read.bandwidth * read.efficiency), 0));
}

export function speedReport(speed: SpeedEstimate | undefined): SpeedReport | null {
  if (!speed) return null;
  const { basis } = speed;
  const memories = (["gpu", "system"] as const).flatMap((memory) => {
    const read = basis[memory];
    if (!read) return [];
    return [
      {
        memory,
        name: memory === "system" ? (basis.system?.memory ?? null) : (basis.device ?? null),
        bytesPerToken: Math.round(read.bytes),
        cacheBytesPerTokenAtContext: Math.round(read.cacheBytes),
        bandwidthGBs: Number((read.bandwidth / 1e9).toFixed(1)),
        efficiency: read.efficiency,
      },
    ];
  });
  return {
    estimate: true,
    generationTokensPerSecond: Number(speed.generation.toFixed(1)),
    generationAtContextTokensPerSecond: Number(speed.generationAtContext.toFixed(1)),
    promptTokensPerSecond: speed.prompt === undefined ? null : Math.round(speed.prompt),
    efficiency: (basis.gpu ?? basis.system)!.efficiency,
    basis: {
      backend: basis.backend,
      device: basis.device ?? null,
      architecture: basis.architecture ?? null,
      memories,
      fixedMillisecondsPerToken: Number((basis.fixedSeconds * 1e3).toFixed(2)),
      context: basis.context,
      promptFlopsFactor: basis.prompt?.factor ?? null,
      borrowedFrom: basis.borrowedFrom ?? null,
    },
    measure: basis.command ?? null,
  };
}

/** The basis in one line, for --verbose: `RTX 4090 (CUDA): 4.92 GB a token at 1,008 GB/s × 0.81, 0.75 ms a token fixed; measure: llama-bench …`. */
export function speedBasisWords(report: SpeedReport): string {
  const reads = report.basis.memories
    .map(
      (memory) =>
        `${(memory.bytesPerToken / 1e9).toFixed(2)} GB a token from ${memory.name ?? (memory.memory === "gpu" ? "the GPU" : "system memory")} at ${memory.bandwidthGBs.toLocaleString("en-US")} GB/s × ${memory.efficiency}` +
        (memory.cacheBytesPerTokenAtContext > 0
          ? ` (+ ${(memory.cacheBytesPerTokenAtContext / 1e9).toFixed(2)} GB of KV cache at ${report.basis.context.toLocaleString("en-US")} tokens)`
          : ""),
    )
    .join("; ");
  const fixed = `${report.basis.fixedMillisecondsPerToken} ms a token fixed (${report.basis.backend}${report.basis.architecture ? `, ${report.basis.architecture}` : ""})`;
  const atContext = `≈ ${report.generationAtContextTokensPerSecond} tok/s with the context full`;
  return `${reads}; ${fixed}; ${atContext}${report.measure ? `; measure: ${report.measure}` : ""}`;
}

/** `≈ 85 tok/s`: always marked as an estimate; whole numbers from 10 up, one decimal below. */
export function formatSpeed(tokensPerSecond: number): string {
  const shown = tokensPerSecond >= 10 ? Math.round(tokensPerSecond).toLocaleString("en-US") : tokensPerSecond.toFixed(1);
  return `≈ ${shown} tok/s`;
}
