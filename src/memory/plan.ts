import type { GgufFacts } from "../gguf/facts.js";
import type { LocalNoteOf, Placement } from "../outcome/local-notes.js";
import type { ProblemOf } from "../outcome/problems.js";
import { compressedMla, estimateMemory, microBatch, padTo, type EstimateNote, type MemoryEstimate } from "./estimate.js";
import { CONTEXT_PADDING, DEFAULT_CONTEXT_CAP, type CacheType } from "./rules.js";
import type { RunSettings } from "./run-settings.js";

/*
 * The fit as a plan: where llama.cpp would put each part of a quant (how many
 * layers on the GPU, whose experts in system memory) at a context, with the
 * bytes per device and per term, and the settings a command needs to run
 * exactly that. Bad input comes back as a problem value; nothing here exits.
 *
 * Placement follows llama.cpp: `-ngl N` puts the output tensors and the last
 * N - 1 repeating layers on the GPU (the output counts as a layer); the token
 * embedding always stays in system memory; each layer's KV cache sits with its
 * layer; `--n-cpu-moe N` keeps the expert tensors of the first N layers in
 * system memory. With several GPUs the offloaded layers are split in
 * proportion to each device's memory, as llama.cpp's default split does, and
 * the output goes with the last one. Each device that runs part of the graph
 * reserves a compute buffer: every GPU in use gets the whole graph's, and
 * system memory gets it too when it runs layers or experts; otherwise system
 * memory keeps only the inputs of one micro-batch beside the logits buffer.
 *
 * The budget is what the plan may fill: the caller has taken each device's
 * margin off already (src/local/machine.ts), so a plan that fits leaves it.
 */

export type FlashAttentionSetting = "on" | "off" | "auto";

export interface PlanSettings {
  /** Tokens; `max`: the trained length; `fit`: the largest multiple of 256 up to the trained length that fits. */
  ctx: number | "max" | "fit";
  cacheTypeK: CacheType;
  cacheTypeV: CacheType;
  flashAttention: FlashAttentionSetting;
  /** Expert tensors to system memory: `auto` when that keeps more on the GPU, a number of layers, or `off`. */
  cpuMoe?: "auto" | "off" | number;
  /**
   * What the app running the plan can place: `any` (llama.cpp: layers and experts), `layers` (whole
   * layers only), `all-layers` (the app puts every layer on the GPU itself; experts may stay in system memory).
   */
  placing?: PlacingAbility;
}

export type PlacingAbility = "any" | "layers" | "all-layers";

/** What the plan may use: each GPU's memory, and system memory (unknown: nothing may be offloaded to it). */
export interface PlanBudget {
  gpus: readonly number[];
  system?: number;
  /**
   * A bare size (`--fits 12GB`) names no device: the memory may be a GPU's as
   * well as the system's, so the plan leaves the GPU layers to the app rather
   * than pin every layer to the CPU.
   */
  deviceUnknown?: boolean;
}

export interface QuantWeights {
  /** The quant's label and files (all shards), as the plan's command names them. */
  quant?: string;
  files: readonly string[];
  /** Bytes of the files, with the projector's. */
  bytes: number;
  projector?: number;
  /** Size of the file whose header was read, when the header is this quant's: the tensor infos are checked against it. */
  headerFileSize?: number;
}

/** What stops a plan: the request and the header disagree with what llama.cpp can run. */
export type PlanProblem = ProblemOf<"ctx-below-minimum" | "cpu-moe-dense" | "quantized-v-without-flash-attention" | "per-layer-length">;

/** What a plan says beside its figures. */
export type PlanNote = EstimateNote | LocalNoteOf<"no-trained-length" | "ctx-beyond-trained" | "tensors-disagree" | "mla-uncompressed">;

/** Bytes on one device, by term. */
export interface DeviceMemory {
  device: string;
  weights: number;
  kvCache: number;
  compute: number;
  total: number;
  /** What the budget gives this device; absent when unknown. */
  budget?: number;
}

export type { Placement };

export interface MemoryPlan {
  quant?: string;
  files: readonly string[];
  /** The context llama.cpp allocates (a multiple of 256). */
  context: number;
  cacheTypeK: CacheType;
  cacheTypeV: CacheType;
  flashAttention: boolean;
  layerCount: number;
  /** Repeating layers on the GPU, and llama.cpp's -ngl for them (which counts the output as one more). */
  gpuLayers: number;
  ngl: number;
  /** Layers whose experts stay in system memory (--n-cpu-moe). */
  cpuMoeLayers: number;
  placement: Placement;
  /** GPUs first (in the budget's order), then system memory. */
  devices: DeviceMemory[];
  estimate: MemoryEstimate;
  fits: boolean;
  runSettings: RunSettings;
  notes: PlanNote[];
}

export type PlanOutcome = { plan: MemoryPlan; problem?: undefined } | { plan?: undefined; problem: PlanProblem };

const F32 = 4;

/**
 * Flash attention's `auto` in llama.cpp turns it on when every device holding
 * a layer runs the flash-attention operation for the model's head sizes. The
 * CPU, CUDA, ROCm (HIP, built from the CUDA kernels), Metal and Vulkan
 * backends all have it in current builds, so hubref resolves `auto` to on.
 */
function resolveFlashAttention(setting: FlashAttentionSetting, cacheTypeV: CacheType): { on: boolean; problem?: PlanProblem } {
  if (setting === "off" && cacheTypeV !== "f16") return { on: false, problem: { kind: "quantized-v-without-flash-attention", cacheTypeV } };
  return { on: setting !== "off" };
}

/** Whether the header's tensors add up to the file: its size less the header, within the header's own size. */
export function tensorBytesAgree(facts: GgufFacts, fileSize: number): boolean {
  const tensors = facts.layerTensorBytes.reduce((sum, bytes) => sum + bytes, 0) + facts.otherTensorBytes;
  return Math.abs(fileSize - tensors) <= facts.headerBytes + 32 * facts.tensorCount;
}

function perLayerProblem(facts: GgufFacts): PlanProblem | undefined {
  const blocks = facts.blockCount;
  if (blocks === undefined) return undefined;
  const arrays: [string, unknown][] = [
    ["attention.head_count", facts.headCount],
    ["attention.head_count_kv", facts.headCountKv],
    ["feed_forward_length", facts.feedForwardLength],
    ["attention.sliding_window_pattern", facts.slidingWindowPattern],
  ];
  for (const [key, value] of arrays)
    if (Array.isArray(value) && value.length !== blocks)
      return { kind: "per-layer-length", architecture: facts.architecture, key, values: value.length, layers: blocks };
  return undefined;
}

function isMoe(facts: GgufFacts): boolean {
  return facts.layerExpertBytes.some((bytes) => bytes > 0);
}

/**
 * The context asked for: `max` and `fit` start from the trained length. One
 * beyond the trained length is planned as asked, and said: llama.cpp runs it
 * (with a warning), and RoPE scaling extends a context on purpose.
 */
function requestedContext(ctx: number | "max" | "fit", trained: number | undefined): { ctx: number; problem?: PlanProblem; note?: PlanNote } {
  if (ctx === "max" || ctx === "fit") {
    if (trained === undefined) return { ctx: DEFAULT_CONTEXT_CAP, note: { kind: "no-trained-length", asked: ctx, used: DEFAULT_CONTEXT_CAP } };
    return { ctx: trained };
  }
  if (ctx < CONTEXT_PADDING) return { ctx, problem: { kind: "ctx-below-minimum", ctx, minimum: CONTEXT_PADDING } };
  if (trained !== undefined && ctx > trained) return { ctx, note: { kind: "ctx-beyond-trained", ctx, trained } };
  return { ctx };
}

interface Placed {
  gpuLayers: number;
  cpuMoeLayers: number;
  devices: DeviceMemory[];
  gpuFits: boolean;
  systemFits: boolean;
  /** Weight and cache bytes placed on GPUs (to compare placements). */
  onGpu: number;
}

/** Bytes per device for `gpuLayers` repeating layers (the last ones) and the experts of the first `cpuMoe` layers in system memory. */
function place(estimate: MemoryEstimate, facts: GgufFacts, budget: PlanBudget, gpuLayers: number, cpuMoe: number): Placed {
  const layers = estimate.layers;
  const count = layers.length;
  const gpus = budget.gpus;
  const embedding = facts.embeddingLength ?? 0;
  const logits = F32 * (facts.vocabSize ?? 0);
  const graph = estimate.compute - logits;
  const outputBytes = estimate.weights - estimate.projector - layers.reduce((sum, layer) => sum + layer.weights, 0) - estimate.tokenEmbedding;
  // A tied output (no output tensor of its own) is the token embedding, copied to the GPU that runs the output.
  const gpuOutput = outputBytes < 0.01 * estimate.tokenEmbedding ? outputBytes + estimate.tokenEmbedding : outputBytes;

  const system: DeviceMemory = {
    device: "system memory",
    weights: estimate.tokenEmbedding,
    kvCache: 0,
    compute: 0,
    total: 0,
    ...(budget.system !== undefined ? { budget: budget.system } : {}),
  };
  const devices: DeviceMemory[] = gpus.map((bytes, index) => ({
    device: gpus.length > 1 ? `GPU ${index}` : "GPU",
    weights: 0,
    kvCache: 0,
    compute: 0,
    total: 0,
    budget: bytes,
  }));
  const firstGpuLayer = count - gpuLayers;
  let systemRunsGraph = false;
  // The offloaded layers, split in proportion to each GPU's memory.
  const totalGpu = gpus.reduce((sum, bytes) => sum + bytes, 0);
  const deviceOf = (offloadedIndex: number): number => {
    let cumulative = 0;
    for (let device = 0; device < gpus.length; device++) {
      cumulative += gpus[device]! / totalGpu;
      if ((offloadedIndex + 0.5) / Math.max(1, gpuLayers) <= cumulative) return device;
    }
    return gpus.length - 1;
  };
  layers.forEach((layer, index) => {
    const target = index >= firstGpuLayer && gpus.length > 0 ? devices[deviceOf(index - firstGpuLayer)]! : system;
    const experts = index < cpuMoe ? layer.experts : 0;
    target.weights += layer.weights - experts;
    target.kvCache += layer.cache;
    if (experts > 0) {
      system.weights += experts;
      systemRunsGraph = true;
    }
    if (target === system) systemRunsGraph = true;
  });
  const usedGpus = gpuLayers > 0 ? devices.filter((device) => device.weights > 0 || device.kvCache > 0) : [];
  if (gpuLayers > 0 && usedGpus.length > 0) {
    const last = usedGpus[usedGpus.length - 1]!;
    last.weights += gpuOutput + estimate.projector;
    for (const device of usedGpus) device.compute = graph;
  } else {
    system.weights += outputBytes + estimate.projector;
    systemRunsGraph = true;
  }
  system.compute = (systemRunsGraph ? graph : F32 * microBatch(estimate.context) * embedding) + logits;
  for (const device of [...devices, system]) device.total = device.weights + device.kvCache + device.compute;
  const gpuFits = devices.every((device) => device.total <= device.budget!);
  // Unknown system memory holds the token embedding and small buffers, never offloaded layers or experts.
  const systemFits = budget.system === undefined ? gpus.length > 0 && gpuLayers === count && cpuMoe === 0 : system.total <= budget.system;
  const onGpu = devices.reduce((sum, device) => sum + device.weights + device.kvCache, 0);
  return { gpuLayers, cpuMoeLayers: cpuMoe, devices: [...devices, system], gpuFits, systemFits, onGpu };
}

/** The best placement at one context: all on the GPU, else experts or layers to system memory, whichever keeps more on the GPU. */
function bestPlacement(
  estimate: MemoryEstimate,
  facts: GgufFacts,
  budget: PlanBudget,
  cpuMoe: "auto" | "off" | number,
  placing: PlacingAbility,
): { placed: Placed; placement: Placement } {
  const count = estimate.layers.length;
  if (budget.gpus.length === 0) return { placed: place(estimate, facts, budget, 0, 0), placement: "system" };
  const moe = cpuMoe !== "off" && isMoe(facts);
  // The fewest layers whose experts must leave for every layer's attention to stay on the GPU, if any.
  const fewestExperts = (): Placed | undefined => {
    for (let experts = 1; experts <= count; experts++) {
      const candidate = place(estimate, facts, budget, count, experts);
      if (candidate.gpuFits) return candidate;
    }
    return undefined;
  };
  if (placing === "all-layers") {
    // The app puts every layer on the GPU: experts may leave, layers cannot.
    const whole = place(estimate, facts, budget, count, 0);
    if (whole.gpuFits || !moe) return { placed: whole, placement: "gpu" };
    const experts = fewestExperts() ?? place(estimate, facts, budget, count, count);
    return { placed: experts, placement: "experts" };
  }
  if (typeof cpuMoe === "number") {
    const forced = Math.min(cpuMoe, count);
    const layersOnGpu = largestFitting(count, (layers) => place(estimate, facts, budget, layers, forced).gpuFits);
    const placed = place(estimate, facts, budget, layersOnGpu, forced);
    return { placed, placement: layersOnGpu === count ? (forced > 0 ? "experts" : "gpu") : "layers" };
  }
  const whole = place(estimate, facts, budget, count, 0);
  if (whole.gpuFits) return { placed: whole, placement: "gpu" };
  const byLayers = place(
    estimate,
    facts,
    budget,
    largestFitting(count, (layers) => place(estimate, facts, budget, layers, 0).gpuFits),
    0,
  );
  if (cpuMoe === "auto" && moe) {
    const layerBytes = Math.max(...estimate.layers.map((layer) => layer.weights + layer.cache));
    const experts = fewestExperts();
    // Both fill the GPU to within a layer; the experts' way keeps every layer's attention and cache there, so it
    // wins unless it leaves more than a layer's worth of bytes off the GPU.
    if (experts) return experts.onGpu + layerBytes >= byLayers.onGpu ? { placed: experts, placement: "experts" } : { placed: byLayers, placement: "layers" };
    // Not even every layer's attention fits: every layer's experts in system memory, and as many layers' rest on the GPU as fit.
    const both = place(
      estimate,
      facts,
      budget,
      largestFitting(count, (layers) => place(estimate, facts, budget, layers, count).gpuFits),
      count,
    );
    if (both.gpuLayers > byLayers.gpuLayers) return { placed: both, placement: both.gpuLayers === 0 ? "system" : "layers" };
  }
  return { placed: byLayers, placement: byLayers.gpuLayers === 0 ? "system" : "layers" };
}

/** The largest n in 0..count for which `fits(n)` holds (fits is monotone: fewer layers on the GPU never need more GPU memory). */
function largestFitting(count: number, fits: (n: number) => boolean): number {
  let low = 0;
  let high = count;
  if (!fits(0)) return 0;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

function planAt(
  facts: GgufFacts,
  weights: QuantWeights,
  budget: PlanBudget,
  settings: PlanSettings,
  ctx: number,
  flashAttention: boolean,
  notes: PlanNote[],
): MemoryPlan {
  const estimate = estimateMemory(facts, {
    ctx,
    cacheType: settings.cacheTypeK,
    cacheTypeV: settings.cacheTypeV,
    flashAttention,
    weights: weights.bytes,
    ...(weights.projector ? { projector: weights.projector } : {}),
  });
  const placing = settings.placing ?? "any";
  const { placed, placement } = bestPlacement(
    estimate,
    facts,
    budget,
    placing === "layers" && settings.cpuMoe === undefined ? "off" : (settings.cpuMoe ?? "auto"),
    placing,
  );
  const layerCount = estimate.layers.length;
  const ngl = placed.gpuLayers > 0 ? placed.gpuLayers + 1 : 0;
  const runSettings: RunSettings = {
    contextSize: estimate.context,
    cacheTypeK: settings.cacheTypeK,
    cacheTypeV: settings.cacheTypeV,
    flashAttention: flashAttention ? "on" : "off",
    ...(budget.gpus.length > 0 ? { gpuLayers: placed.gpuLayers === layerCount ? "all" : ngl } : budget.deviceUnknown ? {} : { gpuLayers: 0 }),
    ...(budget.gpus.length > 0 || !budget.deviceUnknown ? { layerCount: layerCount + 1 } : {}),
    ...(placed.cpuMoeLayers > 0 ? { cpuMoeLayers: placed.cpuMoeLayers } : {}),
  };
  return {
    ...(weights.quant !== undefined ? { quant: weights.quant } : {}),
    files: weights.files,
    context: estimate.context,
    cacheTypeK: settings.cacheTypeK,
    cacheTypeV: settings.cacheTypeV,
    flashAttention,
    layerCount,
    gpuLayers: placed.gpuLayers,
    ngl: placed.gpuLayers === layerCount && layerCount > 0 ? layerCount + 1 : ngl,
    cpuMoeLayers: placed.cpuMoeLayers,
    placement,
    devices: placed.devices,
    estimate,
    fits: placed.gpuFits && placed.systemFits,
    runSettings,
    notes: [...notes, ...estimate.notes],
  };
}

/**
 * The plan for one quant: its context, cache types and flash attention as
 * llama.cpp will run them, where every layer goes, and whether it fits.
 */
export function planMemory(facts: GgufFacts, weights: QuantWeights, budget: PlanBudget, settings: PlanSettings): PlanOutcome {
  const notes: PlanNote[] = [];
  const layerProblem = perLayerProblem(facts);
  if (layerProblem) return { problem: layerProblem };
  if (typeof settings.cpuMoe === "number" && settings.cpuMoe > 0 && !isMoe(facts))
    return { problem: { kind: "cpu-moe-dense", architecture: facts.architecture } };
  const flash = resolveFlashAttention(settings.flashAttention, settings.cacheTypeV);
  if (flash.problem) return { problem: flash.problem };
  const requested = requestedContext(settings.ctx, facts.contextLength);
  if (requested.problem) return { problem: requested.problem };
  if (requested.note) notes.push(requested.note);
  if (weights.headerFileSize !== undefined && !tensorBytesAgree(facts, weights.headerFileSize)) notes.push({ kind: "tensors-disagree" });
  if ((facts.kvLoraRank ?? 0) > 0 && !compressedMla(facts)) notes.push({ kind: "mla-uncompressed" });

  if (settings.ctx !== "fit") return { plan: planAt(facts, weights, budget, settings, requested.ctx, flash.on, notes) };

  // --ctx fit: with a GPU, the largest context whose every layer stays there (experts aside); else the largest that fits at all.
  const steps = Math.max(1, Math.floor(requested.ctx / CONTEXT_PADDING));
  const at = (step: number) => planAt(facts, weights, budget, settings, step * CONTEXT_PADDING, flash.on, notes);
  const onGpu = (plan: MemoryPlan) => plan.fits && (budget.gpus.length === 0 || plan.gpuLayers === plan.layerCount);
  const best = largestFitting(steps, (step) => step === 0 || onGpu(at(step)));
  if (best > 0) return { plan: at(best) };
  const anyFit = largestFitting(steps, (step) => step === 0 || at(step).fits);
  return { plan: at(Math.max(1, anyFit)) };
}

/** The context as `--ctx` asked, rounded as llama.cpp rounds it (for commands that carry a context without a plan). */
export function allocatedContext(ctx: number): number {
  return padTo(ctx, CONTEXT_PADDING);
}
