import { usageError } from "../errors.js";
import type { GgufFacts } from "../gguf/facts.js";
import { headerFacts, type FactsRequest } from "../gguf/model-facts.js";
import { budgetOf, describeVerdict, judge, type FitsRequest, type MemoryBudget, type Verdict } from "../hardware/budget.js";
import { detectMachine, type DetectSettings } from "../hardware/detect.js";
import { contextSize, estimateMemory, sizeOnlyEstimate, type MemoryEstimate } from "../memory/estimate.js";
import { CACHE_TYPE_NAMES, DEFAULT_CONTEXT_CAP, type CacheType } from "../memory/rules.js";
import type { ModelData } from "../model/schema.js";
import { didYouMean } from "../util/suggest.js";
import { quantCatalogue } from "../quant/catalogue.js";
import { ggufRepo, type GgufRepo } from "./gguf-files.js";
import { FITS_ALLOWANCE_BYTES, formatBytes } from "./memory.js";

/*
 * `--fits`, `--ctx`, `--cache-type`: the memory each quant of a repository
 * needs at the context size asked, from one header of the repository (every
 * quant shares its architecture; each has its own weights), and the budget of
 * the hardware named or found.
 */

export interface EstimateSettings {
  /** A number of tokens, or `max` for the trained length; absent: the trained length capped at 8,192. */
  ctx?: number | "max";
  cacheType: CacheType;
}

/** Where the header comes from: a hub id is read (or taken from the cache); a model file has none. */
export interface PlanSource extends FactsRequest {
  hubId?: string;
  detect?: Partial<DetectSettings>;
}

export interface EstimatePlan {
  ctx: number;
  cacheType: CacheType;
  facts?: GgufFacts;
  /** Said on stderr: the header read, the context chosen, rules that did not apply. */
  notes: string[];
  estimateFor(weights: number, projector: number): MemoryEstimate;
}

export interface FitsPlan extends EstimatePlan {
  budget: MemoryBudget;
}

/** `--ctx`: a whole number of tokens (`32768`, `32k` for 32 × 1024), or `max`. */
export function parseContext(text: string): number | "max" {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === "max") return "max";
  const match = /^(\d+)(k?)$/.exec(trimmed);
  const tokens = match ? Number(match[1]) * (match[2] ? 1024 : 1) : Number.NaN;
  if (!(tokens >= 1 && tokens <= 16_777_216)) throw usageError(`--ctx takes a number of tokens from 1 to 16777216, 32k, or max; got '${text}'`);
  return tokens;
}

export function parseCacheType(text: string): CacheType {
  const lower = text.trim().toLowerCase();
  const found = CACHE_TYPE_NAMES.find((name) => name === lower);
  if (!found) throw usageError(`--cache-type takes ${CACHE_TYPE_NAMES.join(", ")}, got '${text}'`, didYouMean(lower, CACHE_TYPE_NAMES));
  return found;
}

/** The file whose header stands for the repository: the smallest variant's (first shard), the cheapest to read. */
function headerFile(repo: GgufRepo): string | undefined {
  const sized = [...repo.variants].sort((a, b) => (a.size ?? Number.POSITIVE_INFINITY) - (b.size ?? Number.POSITIVE_INFINITY));
  return sized[0]?.file;
}

const SIZE_ONLY = `the estimate counts the file sizes + ${formatBytes(FITS_ALLOWANCE_BYTES)} for the KV cache and compute buffers`;

export async function estimatePlan(model: ModelData, settings: EstimateSettings, source: PlanSource): Promise<EstimatePlan> {
  const notes: string[] = [];
  const repo = ggufRepo(model, quantCatalogue());
  let facts: GgufFacts | undefined;
  const file = headerFile(repo);
  if (source.hubId === undefined) {
    notes.push(`${model.id} was given as a metadata file, and hubref reads GGUF headers from the hub only: ${SIZE_ONLY}`);
  } else if (file === undefined) {
    notes.push(`${model.id} lists no GGUF model file to read a header from: ${SIZE_ONLY}`);
  } else {
    const outcome = await headerFacts(source.hubId, file, source);
    if (outcome.facts) facts = outcome.facts;
    else notes.push(`${outcome.reason}; ${SIZE_ONLY}`);
  }
  // Without a header, the hub's own summary (expand[]=gguf) still gives the trained length.
  const trained = facts?.contextLength ?? model.gguf?.context_length;
  const { ctx, note } = contextSize(settings.ctx, trained === undefined ? {} : { contextLength: trained }, DEFAULT_CONTEXT_CAP);
  if (note && facts) notes.push(note);
  const { cacheType } = settings;
  const estimateFor = (weights: number, projector: number): MemoryEstimate => {
    const request = { ctx, cacheType, weights, projector };
    return facts ? estimateMemory(facts, request) : sizeOnlyEstimate(request, FITS_ALLOWANCE_BYTES);
  };
  notes.push(...estimateFor(0, 0).notes);
  return { ctx, cacheType, ...(facts ? { facts } : {}), notes, estimateFor };
}

export async function fitsPlan(model: ModelData, fits: FitsRequest, settings: EstimateSettings, source: PlanSource): Promise<FitsPlan> {
  const notes: string[] = [];
  let budget: MemoryBudget;
  if (fits.kind === "auto") {
    const detected = await detectMachine({ env: source.env, ...source.detect });
    for (const skipped of detected.skipped) notes.push(`--fits auto: skipped ${skipped}`);
    notes.push(`--fits auto: found ${detected.found.join("; ")}`);
    budget = detected.budget;
  } else budget = budgetOf(fits);
  const plan = await estimatePlan(model, settings, source);
  return { ...plan, notes: [...notes, ...plan.notes], budget };
}

/** The three terms and the total, as the notes print them. */
export function describeEstimate(estimate: MemoryEstimate): string {
  const weights = `${formatBytes(estimate.weights)} weights${estimate.projector > 0 ? ` (${formatBytes(estimate.projector)} of them the projector)` : ""}`;
  if (estimate.rule === "size-only") return `${weights} + ${formatBytes(estimate.compute)} allowance`;
  const cache =
    estimate.rule === "recurrent"
      ? `${formatBytes(estimate.kvCache)} recurrent state`
      : `${formatBytes(estimate.kvCache)} KV cache (${estimate.ctx.toLocaleString("en-US")} tokens, ${estimate.cacheType}${estimate.rule === "hybrid" ? ", with recurrent state" : ""})`;
  return `${weights} + ${cache} + ${formatBytes(estimate.compute)} compute buffers`;
}

export interface QuantFit {
  estimate: MemoryEstimate;
  verdict: Verdict;
}

/** A sized-only plan: the file sizes plus the allowance, against a budget (tests, and metadata without a header). */
export function sizeOnlyPlan(budget: MemoryBudget, cacheType: CacheType = "f16"): FitsPlan {
  const ctx = DEFAULT_CONTEXT_CAP;
  return {
    ctx,
    cacheType,
    notes: [],
    budget,
    estimateFor: (weights, projector) => sizeOnlyEstimate({ ctx, cacheType, weights, projector }, FITS_ALLOWANCE_BYTES),
  };
}

export function fitOf(plan: FitsPlan, weights: number, projector: number): QuantFit {
  const estimate = plan.estimateFor(weights, projector);
  return { estimate, verdict: judge(estimate, plan.budget) };
}

export { describeVerdict };
