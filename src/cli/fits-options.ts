import { usageError } from "../errors.js";
import { parseCacheType, parseContext, type EstimateSettings } from "../memory/options.js";
import { parseFits, type FitsRequest } from "../hardware/budget.js";
import type { RunRequest } from "../apps/fits.js";
import type { FlashAttentionSetting } from "../memory/plan.js";

/*
 * --fits with --ctx, --cache-type (or --cache-type-k/--cache-type-v) and
 * --flash-attn, as `snippet --app`, `snippet --library` and `quant-types
 * --for` take them: parsed once, before any model is read. What can be judged
 * without a header is judged here (a context below llama.cpp's smallest, a
 * quantized V cache with flash attention off); the trained length waits for
 * the header.
 */

export interface FitsOptions {
  fits?: FitsRequest;
  /** What the quant choice (--fits) and the listing estimate at. */
  estimate: EstimateSettings;
  /** What the user asked of the run; each field absent when not asked. */
  run: RunRequest;
}

export interface RawFitsOptions {
  fits?: string;
  ctx?: string;
  cacheType?: string;
  cacheTypeK?: string;
  cacheTypeV?: string;
  flashAttn?: string;
}

export const FLASH_ATTENTION = ["on", "off", "auto"] as const satisfies readonly FlashAttentionSetting[];

function parseFlashAttention(text: string): FlashAttentionSetting {
  const found = FLASH_ATTENTION.find((value) => value === text.trim().toLowerCase());
  if (!found) throw usageError(`--flash-attn takes on, off or auto, got '${text}'`);
  return found;
}

/** The values, checked; which of them go together is each command's rules (flag-rules.ts). */
export function fitsOptions(raw: RawFitsOptions): FitsOptions {
  const run: RunRequest = {};
  if (raw.cacheType !== undefined) run.cacheTypeK = run.cacheTypeV = parseCacheType(raw.cacheType);
  if (raw.cacheTypeK !== undefined) run.cacheTypeK = parseCacheType(raw.cacheTypeK, "--cache-type-k");
  if (raw.cacheTypeV !== undefined) run.cacheTypeV = parseCacheType(raw.cacheTypeV, "--cache-type-v");
  if (raw.flashAttn !== undefined) run.flashAttention = parseFlashAttention(raw.flashAttn);
  if (run.flashAttention === "off" && run.cacheTypeV !== undefined && run.cacheTypeV !== "f16")
    throw usageError(`llama.cpp refuses a ${run.cacheTypeV} V cache without flash attention`, "use --flash-attn on (or auto), or an f16 V cache");
  if (raw.ctx !== undefined) run.ctx = parseContext(raw.ctx);
  if (run.ctx === "fit" && raw.fits === undefined)
    throw usageError("--ctx fit is the largest context that fits: it needs --fits", 'for example: --fits "RTX 4090" --quant Q4_K_M --ctx fit');
  // The quant choice estimates at the trained length for `fit`: the context is then fitted to the quant named.
  const estimate: EstimateSettings = {
    cacheType: run.cacheTypeK ?? "f16",
    ...(run.ctx !== undefined && { ctx: run.ctx === "fit" ? "max" : run.ctx }),
  };
  return raw.fits === undefined ? { estimate, run } : { fits: parseFits(raw.fits), estimate, run };
}
