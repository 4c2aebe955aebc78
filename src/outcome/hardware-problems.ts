import { problemKind } from "./kind.js";

/*
 * The memory a run is to fit in, as named (--fits): a size, or hardware of
 * the hardware list by name. `given` is the text as typed; `device` a name
 * from the hardware list.
 */

/** Why a memory size is refused: not a size with a unit, zero, or more than any machine has (`limitBytes`). */
export type SizeFault = { kind: "not-size" } | { kind: "zero" } | { kind: "too-large"; limitBytes: number };

/** Why a device needs its memory named: a CPU's or a chip's is the machine's, or it comes in several sizes. */
export type MemoryUnnamed = { kind: "cpu" } | { kind: "shared" } | { kind: "several"; sizes: readonly number[] };

export const HARDWARE_PROBLEMS = {
  "fits-size-invalid": problemKind<{ given: string; fault: SizeFault }>("usage"),
  /** A bare number that names no device: a size wants a unit. */
  "fits-number-without-unit": problemKind<{ given: string }>("usage"),
  /** `closest`: a name of the list close enough to be a typo of it. */
  "unknown-hardware": problemKind<{ given: string; closest?: string }>("usage"),
  "hardware-ambiguous": problemKind<{ given: string; devices: readonly string[] }>("usage"),
  "device-count-invalid": problemKind<{ given: string; min: number; max: number }>("usage"),
  /** A memory size the device is not made with; `sizes`: those it is. */
  "device-memory-not-made": problemKind<{ device: string; sizes: readonly number[]; asked: number }>("usage"),
  "device-memory-unnamed": problemKind<{ device: string; why: MemoryUnnamed }>("usage"),
} as const;
