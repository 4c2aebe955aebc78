import { readCompiled } from "../catalogue/compiled.js";
import type { Device, HardwareCatalogue } from "../build/schemas/hardware.js";
import { usageError } from "../errors.js";
import { didYouMean } from "../util/suggest.js";

/*
 * `--fits HARDWARE`: a device of the hub's hardware list by name, written as
 * people write it: any case, with or without the vendor and brand words
 * (`4090`, `rtx 4090`, `NVIDIA GeForce RTX 4090`, `M3 Max`), a memory size
 * after `:` (`"M3 Max:64"`) and a count before `x` (`2x3090`).
 */

export function hardwareCatalogue(): HardwareCatalogue {
  return readCompiled<HardwareCatalogue>("hardware");
}

/** Words a name may carry or drop without naming another device. */
const BRAND_WORDS = /\b(nvidia|geforce|tesla|amd|apple|intel|rtx|radeon|rx|arc)\b/g;

export function squeeze(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9+]/g, "");
}

/** The keys a device answers to: its whole name, and its name without brand words. */
export function keysOf(name: string): string[] {
  const whole = squeeze(name);
  const bare = squeeze(name.toLowerCase().replace(BRAND_WORDS, " "));
  return bare && bare !== whole ? [whole, bare] : [whole];
}

export interface NamedHardware {
  device: Device;
  /** How many of it (`2x3090`). */
  count: number;
  /** The memory of one, in GB. */
  memoryGB: number;
}

function byName(name: string, catalogue: HardwareCatalogue): Device {
  const wanted = keysOf(name);
  const found = new Set<Device>();
  for (const key of wanted) {
    for (const device of catalogue.devices) if (keysOf(device.name).includes(key)) found.add(device);
    // The whole name is exact: `RTX 4090` is not also `RTX 4090 Mobile`.
    if (found.size > 0) break;
  }
  if (found.size === 1) return [...found][0]!;
  if (found.size > 1) throw usageError(`'${name}' names several devices: ${[...found].map((device) => device.name).join(", ")}`, "name one of them");
  const suggestion = didYouMean(
    name,
    catalogue.devices.map((device) => device.name),
  );
  throw usageError(
    `unknown hardware '${name}'`,
    suggestion === undefined
      ? "give a size such as 16GB, a device `hubref hardware` lists, or auto for this machine"
      : `${suggestion} (\`hubref hardware\` lists every device)`,
  );
}

/**
 * The device a detection tool's name stands for (`NVIDIA GeForce RTX 4090`,
 * `NVIDIA H100 80GB HBM3`, `NVIDIA A100-SXM4-80GB`, `Apple M3 Max`), read as
 * --fits reads a name: the whole name, else its longest run of leading words
 * that names exactly one device (tools add memory, form factor and "GPU").
 */
export function deviceOfDetectedName(name: string, catalogue: HardwareCatalogue = hardwareCatalogue()): Device | undefined {
  const words = name.split(/[\s\-_]+/).filter(Boolean);
  for (let count = words.length; count > 0; count--) {
    try {
      return byName(words.slice(0, count).join(" "), catalogue);
    } catch {
      // Not a device, or several: one word fewer.
    }
  }
  return undefined;
}

export function parseHardware(text: string, catalogue: HardwareCatalogue = hardwareCatalogue()): NamedHardware {
  const match = /^\s*(?:(\d{1,2})\s*[x×]\s*)?(.*?)\s*(?::\s*(\d+(?:\.\d+)?)\s*(?:GB)?)?\s*$/i.exec(text)!;
  const count = match[1] === undefined ? 1 : Number(match[1]);
  if (!(count >= 1 && count <= 64)) throw usageError(`--fits counts 1 to 64 devices, got ${match[1]}`);
  const device = byName(match[2]!, catalogue);
  const options = device.memoryGB ? [...device.memoryGB].sort((a, b) => a - b) : undefined;
  const asked = match[3] === undefined ? undefined : Number(match[3]);
  if (asked !== undefined) {
    if (options && !options.includes(asked))
      throw usageError(`${device.name} comes with ${options.join(", ")} GB, not ${asked}`, `for example: --fits "${device.name}:${options.at(-1)}"`);
    return { device, count, memoryGB: asked };
  }
  if (!options)
    throw usageError(
      `${device.name} ${device.kind === "cpu" ? "is a CPU" : "shares the system's memory"}: name the machine's memory after a colon`,
      `for example: --fits "${device.name}:32"`,
    );
  if (options.length > 1)
    throw usageError(`${device.name} comes with ${options.join(", ")} GB: name one after a colon`, `for example: --fits "${device.name}:${options.at(-1)}"`);
  return { device, count, memoryGB: options[0]! };
}

/** The share of unified memory macOS lets the GPU use by default: two thirds up to 36 GB, three quarters above. */
export function appleGpuShare(totalBytes: number): number {
  return totalBytes <= 36e9 ? (totalBytes * 2) / 3 : (totalBytes * 3) / 4;
}
