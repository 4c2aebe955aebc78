import { budgetOf, type MemoryBudget } from "../hardware/budget.js";
import type { DetectNote, DetectRequest } from "../hardware/detect.js";
import type { PlanBudget } from "../memory/plan.js";
import { fail } from "../outcome/problems.js";
import type { MachineRequest } from "./request.js";

/*
 * The machine a run is planned for: the GPUs' memory and the system memory
 * beside them (given, found here, or assumed and said), and the headroom kept
 * on each. llama.cpp's own fitting keeps 1 GiB free on every device
 * (--fit-target 1024): a card loses a few hundred MB to the driver and the
 * desktop before the model loads, so a plan that fills it to the byte does not
 * load. System memory keeps a margin too, for the operating system and the
 * programs beside the model.
 */

/** Kept free on every GPU unless --margin says otherwise: llama.cpp's --fit-target default, 1024 MiB. */
export const DEFAULT_GPU_MARGIN = 2 ** 30;

/** What a named GPU's system memory is taken to be when --ram is not given: 32 GB, as memory is sold (GiB). */
export const ASSUMED_RAM = 32 * 2 ** 30;

/** System memory kept free: 4 GiB, or a quarter of it where it is less than 16 GiB. */
export function systemMargin(ram: number): number {
  return Math.min(4 * 2 ** 30, ram / 4);
}

/** Where the system memory figure comes from. */
export type RamSource = "given" | "assumed" | "found" | "named";

export interface Machine {
  request: MachineRequest;
  /** What was named or found: labels, memory, the speed figures (src/hardware/). */
  budget: MemoryBudget;
  /** The system memory beside the GPUs, and where the figure comes from; absent for a bare size (it names no device). */
  ram?: { bytes: number; source: RamSource };
  /** Bytes kept free on each GPU (or of a bare size), and of system memory. */
  gpuMargin: number;
  systemMargin: number;
  /** What a plan may fill: each device's memory less its margin. */
  plan: PlanBudget;
  /** What measuring this machine found and skipped. */
  found: DetectNote[];
}

function checkMargin(margin: number, device: number, label: string): void {
  if (margin >= device) fail({ kind: "margin-too-large", margin, device, label });
}

/** The machine of `request`; `auto` reads this one (its GPUs' free memory, its available system memory). */
export async function machineOf(request: MachineRequest, detect: DetectRequest): Promise<Machine> {
  const gpuMargin = request.margin ?? DEFAULT_GPU_MARGIN;
  const { fits } = request;
  if (fits.kind === "size") {
    // A size names no device: the memory may be a GPU's or the system's, and keeps the one margin.
    checkMargin(gpuMargin, fits.bytes, fits.text);
    return {
      request,
      budget: budgetOf(fits),
      gpuMargin,
      systemMargin: 0,
      plan: { gpus: [], system: fits.bytes - gpuMargin, deviceUnknown: true },
      found: [],
    };
  }
  let budget: MemoryBudget;
  let found: DetectNote[] = [];
  let count = 1;
  let ram: Machine["ram"];
  if (fits.kind === "auto") {
    const { detectMachine, detectedNotes } = await import("../hardware/detect.js");
    const detected = await detectMachine(detect);
    budget = detected.budget;
    found = detectedNotes(detected);
    if (request.ram !== undefined) ram = { bytes: request.ram, source: "given" };
    else if (budget.system !== undefined) ram = { bytes: budget.system, source: "found" };
  } else {
    budget = budgetOf(fits);
    const { device, memoryGB } = fits.hardware;
    if (device.kind === "gpu") {
      count = fits.hardware.count;
      ram = { bytes: request.ram ?? ASSUMED_RAM, source: request.ram === undefined ? "assumed" : "given" };
    } else ram = { bytes: memoryGB * 2 ** 30, source: "named" };
  }
  const gpus =
    budget.gpu === undefined
      ? []
      : Array.from({ length: fits.kind === "hardware" && fits.hardware.device.kind === "gpu" ? count : 1 }, () => budget.gpu! / count);
  for (const gpu of gpus) checkMargin(gpuMargin, gpu, budget.label);
  // An Apple chip's system part is what its GPU share leaves of the one memory; elsewhere, the RAM beside the cards.
  const apple = fits.kind === "hardware" && fits.hardware.device.kind === "apple";
  const system = apple ? (budget.system ?? 0) : (ram?.bytes ?? budget.system);
  const whole = apple && ram !== undefined ? ram.bytes : (system ?? 0);
  const margin = system === undefined ? 0 : systemMargin(whole);
  if (system !== undefined && gpus.length === 0) checkMargin(margin, system, budget.label);
  return {
    request,
    budget: { ...budget, ...(system !== undefined && !apple && { system }) },
    ...(ram !== undefined && { ram }),
    gpuMargin,
    systemMargin: margin,
    plan: { gpus: gpus.map((gpu) => gpu - gpuMargin), ...(system !== undefined && { system: Math.max(0, system - margin) }) },
    found,
  };
}
