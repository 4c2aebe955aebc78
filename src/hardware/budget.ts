import { fail, isUsageFailure } from "../outcome/problems.js";
import { formatBytes } from "../util/bytes.js";
import type { MemoryEstimate, Offload } from "../memory/estimate.js";
import { offloadTo } from "../memory/estimate.js";
// `--fits` reads GB (10^9 bytes) and GiB (2^30) alike, as every other size is read.
import { SIZE_UNITS } from "../memory/options.js";
import type { Backend, SpeedDevices } from "../memory/speed.js";
import { appleGpuShare, architectureOf, bandwidthOf, findDevice, hardwareCatalogue, parseHardware, type NamedHardware } from "./catalogue.js";
import type { Device, HardwareCatalogue } from "../build/schemas/hardware.js";

/*
 * What `--fits` names, and the memory it gives a model: GPU memory (layers run
 * fast there) and system memory (for layers offloaded from the GPU, or the
 * only pool for a size or a CPU).
 */

export type FitsRequest = { kind: "size"; text: string; bytes: number } | { kind: "hardware"; text: string; hardware: NamedHardware } | { kind: "auto" };

export interface MemoryBudget {
  /** What was named or found, for messages: "in 12GB", "on RTX 4090, 24 GB (25.77 GB)". */
  label: string;
  /** GPU memory, all devices together; absent without a GPU. */
  gpu?: number;
  /** System memory: where offloaded layers go, or the only pool. */
  system?: number;
  /** Bandwidth and FLOPS for the speed estimate, where the hardware list has them. */
  speed?: SpeedDevices;
}

/** System memory a machine may have beside a discrete GPU: its name in words and its peak bandwidth (bytes a second). */
export interface SystemMemory {
  name: string;
  bandwidth: number;
}

/** Dual-channel DDR4-3200 (2 × 64 bits × 3200 MT/s): the desktop of a card released before DDR5 was common. */
export const DDR4_DESKTOP: SystemMemory = { name: "dual-channel DDR4-3200", bandwidth: 51.2e9 };
/** Dual-channel DDR5-5600 (2 × 64 bits × 5600 MT/s): the desktop of a card released since. */
export const DDR5_DESKTOP: SystemMemory = { name: "dual-channel DDR5-5600", bandwidth: 89.6e9 };

/** Kept for callers that name the DDR5 figure; the assumption is now the device's generation's (assumedSystemMemory). */
export const ASSUMED_SYSTEM_BANDWIDTH = DDR5_DESKTOP.bandwidth;

/** The first year whose cards most often sit beside DDR5: DDR5 desktops came in 2021 and were the norm by 2022. */
const DDR5_SINCE = 2022;

/**
 * The system memory assumed beside a discrete GPU that --fits names: the
 * memory of the machines of its architecture's time (an RTX 3060's owner most
 * often has DDR4, an RTX 4060's DDR5). A stated assumption: a caller that
 * knows the machine passes its own (`systemMemory` of budgetOf, deviceSpeed).
 */
export function assumedSystemMemory(device: Device, catalogue: HardwareCatalogue = hardwareCatalogue()): SystemMemory {
  const released = architectureOf(device, catalogue)?.released;
  return released !== undefined && released < DDR5_SINCE ? DDR4_DESKTOP : DDR5_DESKTOP;
}

/** What the speed figures of a device may be told beside the device itself. */
export interface DeviceSpeedOptions {
  /** The memory size named, where the bandwidth depends on it (an RTX 3060 8 GB). */
  memoryGB?: number;
  /** The system memory beside a discrete GPU, when the caller knows it; else the device's generation's (assumedSystemMemory). */
  systemMemory?: SystemMemory;
  catalogue?: HardwareCatalogue;
}

/** `8GB`, `7.5 GiB`, `512MB`: bytes. A number without a unit is refused: GB or GiB matters. */
const MAX_MEMORY_BYTES = 1e15;

function parseMemorySize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([A-Za-z]+)\s*$/.exec(text);
  const unit = match ? SIZE_UNITS[match[2]!.toUpperCase()] : undefined;
  if (!match || unit === undefined) return fail({ kind: "fits-size-invalid", given: text, fault: { kind: "not-size" } });
  const bytes = Number(match[1]) * unit;
  if (!(bytes > 0)) fail({ kind: "fits-size-invalid", given: text, fault: { kind: "zero" } });
  // No machine has a petabyte of memory; a bigger number is a typo.
  if (!(bytes <= MAX_MEMORY_BYTES)) fail({ kind: "fits-size-invalid", given: text, fault: { kind: "too-large", limitBytes: MAX_MEMORY_BYTES } });
  return bytes;
}

/** A size (`8GB`, `16GiB`), `auto`, or hardware by name. */
export function parseFits(text: string): FitsRequest {
  const trimmed = text.trim();
  if (/^auto$/i.test(trimmed)) return { kind: "auto" };
  if (/^\d+(\.\d+)?\s*[A-Za-z]+$/.test(trimmed) && !/^\d+\s*x/i.test(trimmed)) {
    try {
      return { kind: "size", text: trimmed, bytes: parseMemorySize(trimmed) };
    } catch (error) {
      // `3090ti` reads as a number and a unit; a device name is tried before giving up.
      try {
        return { kind: "hardware", text: trimmed, hardware: parseHardware(trimmed) };
      } catch {
        throw error;
      }
    }
  }
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    // `4090` is a card people name by its number: a device wins over a size without a unit.
    const hardware = deviceByNumber(trimmed);
    if (hardware) return { kind: "hardware", text: trimmed, hardware };
    return fail({ kind: "fits-number-without-unit", given: trimmed });
  }
  return { kind: "hardware", text: trimmed, hardware: parseHardware(trimmed) };
}

/**
 * The device a bare number names (`4090`, `3060`), if one answers to it: its
 * name's own answer then, a size to name included; a number naming several or
 * none is not a device.
 */
function deviceByNumber(text: string): NamedHardware | undefined {
  try {
    findDevice(text);
  } catch (error) {
    if (isUsageFailure(error)) return undefined;
    throw error;
  }
  return parseHardware(text);
}

/**
 * A device's figures for the speed estimate: its FLOPS, its memory bandwidth
 * (at the size named, where that matters), its architecture and the backend
 * llama.cpp runs it with. A CPU's memory is the system's; an Apple chip's one
 * memory is read at the same bandwidth by its GPU and its CPU; a card's layers
 * offloaded to the system run at the system memory's, assumed by the card's
 * generation unless the caller says (options.systemMemory).
 */
export function deviceSpeed(device: Device, options: DeviceSpeedOptions = {}): SpeedDevices {
  const catalogue = options.catalogue ?? hardwareCatalogue();
  const peak = bandwidthOf(device, options.memoryGB);
  const bandwidth = peak === undefined ? undefined : peak * 1e9;
  const flops = (device.speedTflops ?? device.tflops) * 1e12;
  const about = {
    device: device.name,
    backend: backendOf(device),
    ...(device.architecture !== undefined && { architecture: device.architecture }),
  };
  if (device.kind === "cpu") return { flops, ...about, ...(bandwidth !== undefined && { systemBandwidth: bandwidth }) };
  if (device.kind === "apple") return { flops, ...about, ...(bandwidth !== undefined && { gpuBandwidth: bandwidth, systemBandwidth: bandwidth }) };
  const system = options.systemMemory ?? assumedSystemMemory(device, catalogue);
  return {
    flops,
    ...about,
    systemBandwidth: system.bandwidth,
    systemMemory: system.name,
    ...(bandwidth !== undefined && { gpuBandwidth: bandwidth }),
  };
}

/** The llama.cpp backend a device runs under by default: CUDA on NVIDIA, ROCm on AMD, Metal on Apple, Vulkan elsewhere. */
export function backendOf(device: Device): Backend {
  if (device.kind === "apple") return "Metal";
  if (device.kind === "cpu") return "CPU";
  if (device.vendor === "NVIDIA") return "CUDA";
  if (device.vendor === "AMD") return "ROCm";
  return "Vulkan";
}

/** Hardware memory is sold in GB that are in fact GiB: a 24 GB card holds 24 × 2^30 bytes. */
const SOLD_GB = 2 ** 30;

/** What a budget may be told beside --fits: the machine's system memory, where the caller knows it. */
export interface BudgetOptions {
  systemMemory?: SystemMemory;
}

export function budgetOf(request: Exclude<FitsRequest, { kind: "auto" }>, options: BudgetOptions = {}): MemoryBudget {
  if (request.kind === "size") return { label: `in ${request.text}`, system: request.bytes };
  const { device, count, memoryGB } = request.hardware;
  const each = memoryGB * SOLD_GB;
  const name = `${count > 1 ? `${count}× ` : ""}${device.name}`;
  const speed = deviceSpeed(device, { memoryGB, ...(options.systemMemory && { systemMemory: options.systemMemory }) });
  if (device.kind === "cpu") return { label: `on ${name} with ${memoryGB} GB (${formatBytes(each)})`, system: each, speed };
  if (device.kind === "apple") {
    // Layers the GPU's share cannot hold run on the CPU, in the rest of the same memory.
    const gpu = appleGpuShare(each);
    return {
      label: `on ${name} with ${memoryGB} GB of unified memory (${formatBytes(gpu)} of it for the GPU)`,
      gpu,
      system: each - gpu,
      speed,
    };
  }
  // Several cards hold consecutive layers and take turns, so a token still sees one card's bandwidth and FLOPS.
  return {
    label: `on ${name}, ${memoryGB} GB${count > 1 ? " each" : ""} (${formatBytes(each * count)})`,
    gpu: each * count,
    speed,
  };
}

export interface Verdict {
  fits: boolean;
  /** With a GPU: where the layers go. */
  offload?: Offload;
  /** Whether system memory was known to take offloaded layers. */
  systemKnown: boolean;
}

/** Whether the estimate fits the budget: in GPU memory entirely, or with layers offloaded to system memory. */
export function judge(estimate: MemoryEstimate, budget: MemoryBudget): Verdict {
  const systemKnown = budget.system !== undefined;
  if (budget.gpu === undefined) return { fits: systemKnown && estimate.total <= budget.system!, systemKnown };
  const offload = offloadTo(estimate, budget.gpu);
  if (offload.entirely) return { fits: true, offload, systemKnown };
  const onCpu =
    offload.gpuLayers === 0 ? estimate.total : estimate.layers.slice(offload.gpuLayers).reduce((sum, layer) => sum + layer.weights + layer.cache, 0);
  return { fits: systemKnown && onCpu <= budget.system!, offload, systemKnown };
}

/** The verdict in words: "fits entirely in GPU memory", "24 of 32 layers on the GPU, 8 offloaded to system memory (slower)". */
export function describeVerdict(verdict: Verdict): string {
  const { offload } = verdict;
  if (!offload) return verdict.fits ? "fits" : "does not fit";
  if (offload.entirely) return "fits entirely in GPU memory";
  const moved = offload.layerCount - offload.gpuLayers;
  const split = `${offload.gpuLayers} of ${offload.layerCount} layers on the GPU, ${moved} offloaded to system memory (slower)`;
  if (verdict.fits) return split;
  if (!verdict.systemKnown)
    return `does not fit in GPU memory: ${offload.gpuLayers} of ${offload.layerCount} layers would, the other ${moved} offloaded to system memory (slower)`;
  return `does not fit, even with ${split}`;
}
