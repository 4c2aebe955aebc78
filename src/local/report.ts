import type { MemoryPlan } from "../memory/plan.js";
import type { Machine } from "./machine.js";

/*
 * A local run's plan as --json, the library and MCP give it: what the
 * command runs, the bytes behind the verdict, and the machine it was made
 * for (its margins, and where its system memory figure comes from).
 */

export function planReport(plan: MemoryPlan, machine: Machine) {
  return {
    quant: plan.quant ?? null,
    files: plan.files,
    budget: machine.budget.label,
    context: plan.context,
    cacheTypeK: plan.cacheTypeK,
    cacheTypeV: plan.cacheTypeV,
    flashAttention: plan.flashAttention,
    layerCount: plan.layerCount,
    gpuLayers: plan.gpuLayers,
    ngl: plan.ngl,
    cpuMoeLayers: plan.cpuMoeLayers,
    placement: plan.placement,
    // Whole bytes: a file's size spread over its layers leaves fractions that mean nothing. `budget` is what the
    // device may hold with its margin kept free.
    devices: plan.devices.map(({ device, weights, kvCache, compute, total, budget }) => ({
      device,
      weights: Math.round(weights),
      kvCache: Math.round(kvCache),
      compute: Math.round(compute),
      total: Math.round(total),
      budget: budget === undefined ? null : Math.round(budget),
    })),
    margins: { gpu: machine.gpuMargin, system: Math.round(machine.systemMargin) },
    systemMemory: machine.ram ? { bytes: machine.ram.bytes, source: machine.ram.source } : null,
    fits: plan.fits,
    runSettings: plan.runSettings,
  };
}

export type PlanReport = ReturnType<typeof planReport>;

// The speed's --json shape is the speed estimate's own (src/memory/speed.ts), with its basis and how to measure it.
export { speedReport, type SpeedReport } from "../memory/speed.js";
