import { readCompiled } from "../catalogue/compiled.js";
import type { Architecture, Device, HardwareCatalogue } from "../build/schemas/hardware.js";
import { fail } from "../outcome/problems.js";
import { closestMatch } from "../util/suggest.js";
import { keysOf } from "./name-keys.js";

export { keysOf, squeeze } from "./name-keys.js";

/*
 * `--fits HARDWARE`: a device of the hardware list by name, written as people
 * and tools write it: any case, with or without the vendor and brand words
 * (`4090`, `rtx 4090`, `NVIDIA GeForce RTX 4090`, `M3 Max`), by another name
 * it answers to (`H100 SXM`, `DGX Spark`), with its memory in the name (`RTX
 * 3060 12GB`, `m2 pro 16gb`) or after `:` (`"M3 Max:64"`), and a count before
 * `x` (`2x3090`). A variant word (SUPER, Ti, XT, D, PCIe, Laptop, Max-Q) is
 * part of the name: a name the list lacks is unknown, never another device.
 */

export function hardwareCatalogue(): HardwareCatalogue {
  return readCompiled<HardwareCatalogue>("hardware");
}

/** Words tools and scoreboards add that name no variant: `Graphics`, `GPU`, `Generation`, the memory's type. */
const NOISE_WORDS = /\b(graphics|gpu|generation|edition|hbm2e?|hbm3e?|gddr\dx?|lpddr\dx?)\b/gi;

/** A memory size at the end of a name: `12GB`, `80 GB`, `-32GB`, `16gb`. */
const TRAILING_MEMORY = /[\s_-]*\b(\d{1,4}(?:\.\d+)?)\s*(?:gb|gib|g)\s*$/i;

/** Every name a device answers to: its own and its aliases. */
export function namesOf(device: Device): string[] {
  return [device.name, ...(device.aliases ?? [])];
}

export interface NamedHardware {
  device: Device;
  /** How many of it (`2x3090`). */
  count: number;
  /** The memory of one, in GB. */
  memoryGB: number;
}

/** A device found by name, with the memory the name carried (`RTX 3060 12GB`), if any. */
export interface FoundDevice {
  device: Device;
  memoryGB?: number;
}

/** The name without a trailing memory size, and that size; the name as it is when it ends in none. */
function splitMemory(name: string): { stem: string; memoryGB?: number } {
  const match = TRAILING_MEMORY.exec(name);
  if (!match || match.index === 0) return { stem: name };
  return { stem: name.slice(0, match.index), memoryGB: Number(match[1]) };
}

/** The index of names to devices, built once per catalogue: each key, whole and stemmed of its memory. */
interface NameIndex {
  whole: Map<string, Set<Device>>;
  /** `Jetson AGX Orin 64GB` is also `Jetson AGX Orin` with 64 GB. */
  stems: Map<string, { device: Device; memoryGB: number }[]>;
}

const indexes = new WeakMap<HardwareCatalogue, NameIndex>();

function indexOf(catalogue: HardwareCatalogue): NameIndex {
  const known = indexes.get(catalogue);
  if (known) return known;
  const index: NameIndex = { whole: new Map(), stems: new Map() };
  for (const device of catalogue.devices)
    for (const name of namesOf(device)) {
      for (const key of keysOf(name)) {
        const set = index.whole.get(key) ?? new Set();
        set.add(device);
        index.whole.set(key, set);
      }
      const { stem, memoryGB } = splitMemory(name);
      if (memoryGB === undefined) continue;
      for (const key of keysOf(stem)) {
        const list = index.stems.get(key) ?? [];
        if (!list.some((entry) => entry.device === device)) list.push({ device, memoryGB });
        index.stems.set(key, list);
      }
    }
  indexes.set(catalogue, index);
  return index;
}

/**
 * The devices one spelling answers to: by a whole name first (`RTX 4090` is
 * not also `RTX 4090 Mobile`), else by a name less its memory (`Jetson AGX
 * Orin` is the 32 GB and the 64 GB module). A size the first does not come
 * with picks the second where one has it (`RTX 2060:12` is `RTX 2060 12GB`).
 */
function lookUp(text: string, index: NameIndex, size: number | undefined): FoundDevice[] {
  const whole = new Set<Device>();
  for (const key of keysOf(text)) {
    for (const device of index.whole.get(key) ?? []) whole.add(device);
    if (whole.size > 0) break;
  }
  const stems = keysOf(text)
    .map((key) => index.stems.get(key))
    .find((list) => list !== undefined);
  const sized = size === undefined ? [] : (stems ?? []).filter((entry) => entry.memoryGB === size);
  if (whole.size > 0 && !(sized.length > 0 && [...whole].every((device) => !device.memoryGB?.includes(size!)))) return [...whole].map((device) => ({ device }));
  if (sized.length > 0) return sized;
  return stems ?? [];
}

/** The spellings tried in turn: as written, without a memory size, without a note in parentheses, without noise words. */
function spellings(name: string): { text: string; memoryGB?: number }[] {
  const tried: { text: string; memoryGB?: number }[] = [{ text: name }];
  const unbracketed = name.replace(/\s*\([^)]*\)\s*/g, " ").trim();
  const quiet = unbracketed.replace(NOISE_WORDS, " ").replace(/\s+/g, " ").trim();
  for (const text of [name, unbracketed, quiet]) {
    const { stem, memoryGB } = splitMemory(text);
    if (text !== name) tried.push({ text });
    if (memoryGB !== undefined) tried.push({ text: stem, memoryGB });
  }
  return tried;
}

/**
 * The device a name stands for, or why none: unknown (with the nearest name),
 * or several (`Jetson AGX Orin` is the 32 GB and the 64 GB module) that a
 * memory size, given here or in the name, may settle.
 */
export function findDevice(name: string, catalogue: HardwareCatalogue = hardwareCatalogue(), memoryGB?: number): FoundDevice {
  const index = indexOf(catalogue);
  for (const spelling of spellings(name)) {
    const size = memoryGB ?? spelling.memoryGB;
    let found = lookUp(spelling.text, index, size);
    if (found.length === 0) continue;
    if (found.length > 1 && size !== undefined) {
      const sized = found.filter((entry) => entry.device.memoryGB?.includes(size));
      if (sized.length > 0) found = sized;
    }
    if (found.length > 1) fail({ kind: "hardware-ambiguous", given: name, devices: found.map((entry) => entry.device.name) });
    const [only] = found as [FoundDevice];
    const memory = spelling.memoryGB ?? only.memoryGB;
    return memory === undefined ? { device: only.device } : { device: only.device, memoryGB: memory };
  }
  const closest = closestMatch(
    name,
    catalogue.devices.flatMap((device) => namesOf(device)),
  );
  return fail({ kind: "unknown-hardware", given: name, ...(closest === undefined ? {} : { closest }) });
}

/**
 * The device a detection tool's name stands for (`NVIDIA GeForce RTX 4090`,
 * `NVIDIA H100 80GB HBM3`, `NVIDIA A100-SXM4-80GB`, `NVIDIA GeForce RTX 4060
 * Laptop GPU`, `Apple M3 Max`), read as --fits reads a name; undefined for
 * a name the list lacks, rather than a device it is not.
 */
export function deviceOfDetectedName(name: string, catalogue: HardwareCatalogue = hardwareCatalogue()): Device | undefined {
  try {
    return findDevice(name, catalogue).device;
  } catch {
    return undefined;
  }
}

/** The memory sizes a device comes with, smallest first; undefined for one that shares the system's memory. */
export function memoryOptions(device: Device): number[] | undefined {
  return device.memoryGB ? [...device.memoryGB].sort((a, b) => a - b) : undefined;
}

/** What `--fits` completes for a device: its name, or its name and each size when it comes with several. */
export function deviceSpellings(device: Device): string[] {
  const options = memoryOptions(device);
  if (options === undefined || options.length === 1) return [device.name];
  return options.map((size) => `${device.name}:${size}`);
}

/** Most devices of one kind a machine is named with (`2x3090`). */
const MAX_DEVICES = 64;

export function parseHardware(text: string, catalogue: HardwareCatalogue = hardwareCatalogue()): NamedHardware {
  const match = /^\s*(?:(\d{1,2})\s*[x×]\s*)?(.*?)\s*(?::\s*(\d+(?:\.\d+)?)\s*(?:GB)?)?\s*$/i.exec(text)!;
  const count = match[1] === undefined ? 1 : Number(match[1]);
  if (!(count >= 1 && count <= MAX_DEVICES)) fail({ kind: "device-count-invalid", given: match[1]!, min: 1, max: MAX_DEVICES });
  const afterColon = match[3] === undefined ? undefined : Number(match[3]);
  const found = findDevice(match[2]!, catalogue, afterColon);
  const { device } = found;
  const options = memoryOptions(device);
  const asked = afterColon ?? found.memoryGB;
  if (asked !== undefined) {
    if (options && !options.includes(asked)) fail({ kind: "device-memory-not-made", device: device.name, sizes: options, asked });
    return { device, count, memoryGB: asked };
  }
  if (!options) return fail({ kind: "device-memory-unnamed", device: device.name, why: { kind: device.kind === "cpu" ? "cpu" : "shared" } });
  if (options.length > 1) fail({ kind: "device-memory-unnamed", device: device.name, why: { kind: "several", sizes: options } });
  return { device, count, memoryGB: options[0]! };
}

/** A device's peak bandwidth in GB/s with the memory it has: some come with a narrower bus at a smaller size. */
export function bandwidthOf(device: Device, memoryGB?: number): number | undefined {
  const bySize = memoryGB === undefined ? undefined : device.bandwidthByMemoryGB?.[String(memoryGB)];
  return bySize ?? device.bandwidthGBs;
}

/** The architecture a device belongs to, as the catalogue describes it. */
export function architectureOf(device: Device, catalogue: HardwareCatalogue = hardwareCatalogue()): Architecture | undefined {
  return device.architecture === undefined ? undefined : catalogue.architectures.find((architecture) => architecture.id === device.architecture);
}

/** The share of unified memory macOS lets the GPU use by default: two thirds up to 36 GB, three quarters above. */
export function appleGpuShare(totalBytes: number): number {
  return totalBytes <= 36e9 ? (totalBytes * 2) / 3 : (totalBytes * 3) / 4;
}
