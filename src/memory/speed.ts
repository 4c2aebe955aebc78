import type { MemoryPlan } from "./plan.js";

/*
 * How fast a plan would run, estimated, never measured. Generating a token
 * reads every weight it uses once, so memory bandwidth bounds it: the bytes
 * read per token (a dense model's weights; a MoE model's shared weights and
 * its active experts only), each part at the bandwidth of the memory that
 * holds it (GPU layers at the GPU's, layers and experts in system memory at
 * the system's), then times an efficiency factor, since no backend reaches the
 * published peak. Reading a prompt is bound by arithmetic instead: two
 * operations per active parameter per token, at the device's FP16 rate times
 * its own factor. The token embedding is one row per token and the projector
 * serves images, so neither counts.
 */

/** The share of peak bandwidth token generation reaches in llama.cpp (docs/hardware.md says where the figure comes from). */
export const GENERATION_EFFICIENCY = 0.6;
/** The share of peak FP16 arithmetic prompt processing reaches. */
export const PROMPT_EFFICIENCY = 0.4;

/** What the devices can move and compute: bytes a second, FP16 operations a second; absent when unknown. */
export interface SpeedDevices {
  gpuBandwidth?: number;
  systemBandwidth?: number;
  flops?: number;
}

/** The experts a MoE model routes each token to, of all it has (the header's expert_used_count and expert_count). */
export interface ExpertRouting {
  expertCount?: number;
  expertUsedCount?: number;
}

export interface SpeedEstimate {
  /** Generated tokens a second. */
  generation: number;
  /** Prompt tokens a second; absent without the device's FLOPS or the model's parameter count. */
  prompt?: number;
  /** Bytes read per generated token, on the GPUs and in system memory. */
  gpuBytes: number;
  systemBytes: number;
}

/**
 * The estimate for a plan, or undefined where a bandwidth it needs is unknown
 * (no speed is better than a made-up one). `parameters` is the model's total
 * parameter count, for the prompt rate.
 */
export function estimateSpeed(plan: MemoryPlan, routing: ExpertRouting, devices: SpeedDevices, parameters?: number): SpeedEstimate | undefined {
  const { estimate } = plan;
  const layers = estimate.layers;
  const count = layers.length;
  const routed = routing.expertCount && routing.expertUsedCount ? Math.min(1, routing.expertUsedCount / routing.expertCount) : 1;
  const firstGpuLayer = count - plan.gpuLayers;
  let gpuBytes = 0;
  let systemBytes = 0;
  layers.forEach((layer, index) => {
    const shared = layer.weights - layer.experts;
    const experts = layer.experts * routed;
    const onGpu = index >= firstGpuLayer && plan.gpuLayers > 0;
    const expertsInSystem = index < plan.cpuMoeLayers;
    if (onGpu) gpuBytes += shared;
    else systemBytes += shared;
    if (onGpu && !expertsInSystem) gpuBytes += experts;
    else systemBytes += experts;
  });
  const layerWeights = layers.reduce((sum, layer) => sum + layer.weights, 0);
  const output = estimate.weights - estimate.projector - layerWeights - estimate.tokenEmbedding;
  // A tied output projection is the token embedding, read whole for every token.
  const outputRead = Math.max(0, output < 0.01 * estimate.tokenEmbedding ? output + estimate.tokenEmbedding : output);
  if (plan.gpuLayers > 0) gpuBytes += outputRead;
  else systemBytes += outputRead;

  let seconds = 0;
  for (const [bytes, bandwidth] of [
    [gpuBytes, devices.gpuBandwidth],
    [systemBytes, devices.systemBandwidth],
  ] as const) {
    if (bytes <= 0) continue;
    if (bandwidth === undefined || !(bandwidth > 0)) return undefined;
    seconds += bytes / bandwidth;
  }
  if (!(seconds > 0)) return undefined;
  const speed: SpeedEstimate = { generation: GENERATION_EFFICIENCY / seconds, gpuBytes, systemBytes };
  const total = layerWeights + outputRead;
  if (devices.flops !== undefined && parameters !== undefined && parameters > 0 && total > 0) {
    // Active parameters in the proportion of the bytes a token reads: a MoE model computes with its routed experts only.
    const active = parameters * ((gpuBytes + systemBytes) / total);
    speed.prompt = (devices.flops * PROMPT_EFFICIENCY) / (2 * active);
  }
  return speed;
}

/** `≈ 85 tok/s`: always marked as an estimate; whole numbers from 10 up, one decimal below. */
export function formatSpeed(tokensPerSecond: number): string {
  const shown = tokensPerSecond >= 10 ? Math.round(tokensPerSecond).toLocaleString("en-US") : tokensPerSecond.toFixed(1);
  return `≈ ${shown} tok/s`;
}
