import { parseFits, type FitsRequest } from "../hardware/budget.js";
import { appleGpuShare } from "../hardware/catalogue.js";
import { parseCacheType, parseContext, parseMemorySetting } from "../memory/options.js";
import type { FlashAttentionSetting } from "../memory/plan.js";
import type { CacheType } from "../memory/rules.js";
import { fail } from "../outcome/problems.js";
import { closestMatch } from "../util/suggest.js";
import { FLASH_ATTENTION, PREFERENCES, type Preference, type RawLocalOptions } from "./settings.js";

/*
 * What a local run is asked, typed: the file (named, or chosen for a
 * machine), the machine (its GPU, its system memory, the headroom kept), and
 * how the model runs (context, cache types, flash attention). One parser reads
 * it from the command line's flags, the library's options and the MCP tools'
 * arguments alike, so the three refuse the same values with the same problem.
 */

/** The machine a run is planned for. */
export interface MachineRequest {
  fits: FitsRequest;
  /** System memory beside a discrete GPU, bytes; absent: found (auto) or assumed (named GPU). */
  ram?: number;
  /** Bytes kept free on every GPU (llama.cpp's --fit-target); absent: 1 GiB. */
  margin?: number;
}

export interface LocalRequest {
  /** The GGUF file by quant label or by name; absent: chosen for the machine, or the default. */
  quant?: string;
  file?: string;
  machine?: MachineRequest;
  /** Tokens; `max`: the trained length; `fit`: the largest that fits the machine. */
  ctx?: number | "max" | "fit";
  cacheTypeK?: CacheType;
  cacheTypeV?: CacheType;
  flashAttention?: FlashAttentionSetting;
  prefer?: Preference;
}

function choice<T extends string>(text: string, choices: readonly T[]): T | undefined {
  const lower = text.trim().toLowerCase();
  return choices.find((value) => value === lower);
}

/** The request, every value checked; what needs the model (a trained length, the files) waits for it. */
export function parseLocalRequest(raw: RawLocalOptions): LocalRequest {
  const request: LocalRequest = {};
  if (raw.quant !== undefined) request.quant = raw.quant;
  if (raw.file !== undefined) request.file = raw.file;
  if (raw.cacheType !== undefined) request.cacheTypeK = request.cacheTypeV = parseCacheType(raw.cacheType);
  if (raw.cacheTypeK !== undefined) request.cacheTypeK = parseCacheType(raw.cacheTypeK, "cacheTypeK");
  if (raw.cacheTypeV !== undefined) request.cacheTypeV = parseCacheType(raw.cacheTypeV, "cacheTypeV");
  if (raw.flashAttn !== undefined) {
    const flash = choice(raw.flashAttn, FLASH_ATTENTION);
    if (flash === undefined) fail({ kind: "flash-attention-unknown", text: raw.flashAttn });
    request.flashAttention = flash;
  }
  if (request.flashAttention === "off" && request.cacheTypeV !== undefined && request.cacheTypeV !== "f16")
    fail({ kind: "quantized-v-without-flash-attention", cacheTypeV: request.cacheTypeV });
  if (raw.ctx !== undefined) request.ctx = parseContext(String(raw.ctx));
  if (raw.prefer !== undefined) {
    const prefer = choice(raw.prefer, PREFERENCES);
    if (prefer === undefined) {
      const suggestion = closestMatch(raw.prefer, PREFERENCES);
      fail({ kind: "preference-unknown", text: raw.prefer, choices: PREFERENCES, ...(suggestion !== undefined && { suggestion }) });
    }
    if (request.quant !== undefined || request.file !== undefined) fail({ kind: "preference-with-file", named: request.file !== undefined ? "file" : "quant" });
    request.prefer = prefer;
  }
  if (raw.fits !== undefined) {
    const fits = parseFits(raw.fits);
    const machine: MachineRequest = { fits };
    if (raw.ram !== undefined) {
      machine.ram = parseMemorySetting(raw.ram, "ram");
      const named = fits.kind === "size" ? "size" : fits.kind === "hardware" && fits.hardware.device.kind !== "gpu" ? fits.hardware.device.kind : undefined;
      if (named !== undefined) fail({ kind: "ram-without-gpu", named });
    }
    if (raw.margin !== undefined) {
      machine.margin = parseMemorySetting(raw.margin, "margin");
      // A device named is known now: a margin that leaves nothing of it is refused before any model is read.
      const device = namedDeviceMemory(fits);
      if (device !== undefined && fits.kind !== "auto" && machine.margin >= device)
        fail({ kind: "margin-too-large", margin: machine.margin, device, label: fits.text });
    }
    request.machine = machine;
  } else {
    for (const setting of ["ram", "margin", "prefer"] as const) if (raw[setting] !== undefined) fail({ kind: "needs-fits", setting });
    if (request.ctx === "fit") fail({ kind: "ctx-fit-without-budget" });
  }
  return request;
}

/** The memory of one device of `fits` that the margin is kept on, where the name says it: a size, a GPU, an Apple chip's GPU share. */
function namedDeviceMemory(fits: FitsRequest): number | undefined {
  if (fits.kind === "size") return fits.bytes;
  if (fits.kind !== "hardware") return undefined;
  const bytes = fits.hardware.memoryGB * 2 ** 30;
  if (fits.hardware.device.kind === "gpu") return bytes;
  return fits.hardware.device.kind === "apple" ? appleGpuShare(bytes) : undefined;
}

/** Whether anything was asked of how the model runs (the context, the cache, flash attention). */
export function asksRun(request: LocalRequest): boolean {
  return request.ctx !== undefined || request.cacheTypeK !== undefined || request.cacheTypeV !== undefined || request.flashAttention !== undefined;
}
