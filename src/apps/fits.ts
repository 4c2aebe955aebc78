import type { GgufFacts } from "../gguf/facts.js";
import { headerFacts, type FactsRequest, type HeaderUnread } from "../gguf/model-facts.js";
import { budgetOf, type FitsRequest, type MemoryBudget } from "../hardware/budget.js";
import { detectMachine, foundNotes, type DetectSettings } from "../hardware/detect.js";
import { contextSize, estimateMemory, sizeOnlyEstimate, type MemoryEstimate } from "../memory/estimate.js";
import type { EstimateSettings } from "../memory/options.js";
import { planMemory, type FlashAttentionSetting, type PlanBudget, type PlanOutcome, type PlanSettings, type QuantWeights } from "../memory/plan.js";
import { DEFAULT_CONTEXT_CAP, type CacheType } from "../memory/rules.js";
import type { ModelData } from "../model/schema.js";
import { quantCatalogue } from "../quant/catalogue.js";
import { ggufRepo, type GgufRepo } from "./gguf-files.js";
import { formatBytes } from "../util/bytes.js";
import { FITS_ALLOWANCE_BYTES } from "./memory.js";

/*
 * `--fits`, `--ctx`, `--cache-type`: the memory each quant of a repository
 * needs at the context size asked, from one header of the repository (every
 * quant shares its architecture; each has its own weights), and the budget of
 * the hardware named or found.
 */

export type { EstimateSettings } from "../memory/options.js";

/** What the command line asked of the run; each field absent when not asked. */
export interface RunRequest {
  /** Tokens; `max`: the trained length; `fit`: the largest that fits (with --fits and one quant). */
  ctx?: number | "max" | "fit";
  cacheTypeK?: CacheType;
  cacheTypeV?: CacheType;
  flashAttention?: FlashAttentionSetting;
}

/** Where the header comes from: a hub id is read (or taken from the cache); a model file has none. */
export interface PlanSource extends FactsRequest {
  hubId?: string;
  /** How --fits auto looks at this machine (the environment its tools run with). */
  detect?: Partial<DetectSettings> & { env: NodeJS.ProcessEnv };
}

/** How a command reaches the hub and the machine for a plan: the hub, and what --fits auto runs with. */
export type PlanAccess = Omit<PlanSource, "hubId">;

/** Why a header was not read, as the notes of this file still say it (until they are records of their own). */
function unreadReason(file: string, unread: HeaderUnread): string {
  if (unread.kind === "format") return `cannot read the GGUF header of ${file}: ${unread.detail}`;
  if (unread.problem.kind === "offline-not-cached") return `the header of ${file} is not in the cache, and offline forbids reading it`;
  return `cannot read the GGUF header of ${file}: the hub did not answer (${unread.problem.kind})`;
}

export interface EstimatePlan {
  ctx: number;
  cacheType: CacheType;
  facts?: GgufFacts;
  /** The file whose header was read (its tensors are checked against its size when it is the quant planned). */
  headerFile?: string;
  /** Said on stderr: the header read, the context chosen, rules that did not apply. */
  notes: string[];
  estimateFor(weights: number, projector: number): MemoryEstimate;
  /**
   * The plan of one quant against a budget (src/memory/plan.ts): context,
   * cache types, flash attention, GPU and CPU-MoE layers, bytes per device,
   * and the RunSettings its command carries. Absent without a header (the
   * estimate is then file sizes and an allowance: there are no layers to place).
   * `settings` overrides what --ctx and --cache-type gave.
   */
  planFor?(quant: QuantWeights, budget: PlanBudget, settings?: Partial<PlanSettings>): PlanOutcome;
}

export interface FitsPlan extends EstimatePlan {
  budget: MemoryBudget;
  /** The budget per device, for planFor: each GPU's memory and system memory. */
  planBudget: PlanBudget;
}

/** The budget per device: a named GPU's memory once per card (several cards split the layers), else what was found. */
export function planBudgetOf(budget: MemoryBudget, fits: FitsRequest): PlanBudget {
  const system = budget.system === undefined ? {} : { system: budget.system };
  if (budget.gpu === undefined) return { gpus: [], ...system, ...(fits.kind === "size" ? { deviceUnknown: true } : {}) };
  const count = fits.kind === "hardware" && fits.hardware.device.kind !== "apple" ? fits.hardware.count : 1;
  return { gpus: Array.from({ length: count }, () => budget.gpu! / count), ...system };
}

/** The file whose header stands for the repository: the smallest variant's (first shard), the cheapest to read. */
export function headerFile(repo: GgufRepo): string | undefined {
  const sized = [...repo.variants].sort((a, b) => (a.size ?? Number.POSITIVE_INFINITY) - (b.size ?? Number.POSITIVE_INFINITY));
  return sized[0]?.file;
}

const SIZE_ONLY = `the estimate counts the file sizes + ${formatBytes(FITS_ALLOWANCE_BYTES)} for the KV cache and compute buffers`;

/** What the run asked (--cache-type-k/-v, --flash-attn, --ctx fit) as the plan's settings, --ctx and --cache-type's defaults beside. */
export function planSettingsOf(settings: EstimateSettings, run: RunRequest, ctx: number): PlanSettings {
  return {
    ctx: run.ctx ?? settings.ctx ?? ctx,
    cacheTypeK: run.cacheTypeK ?? settings.cacheType,
    cacheTypeV: run.cacheTypeV ?? settings.cacheType,
    flashAttention: run.flashAttention ?? "auto",
  };
}

export async function estimatePlan(model: ModelData, settings: EstimateSettings, source: PlanSource, run: RunRequest = {}): Promise<EstimatePlan> {
  const notes: string[] = [];
  const read = await repositoryHeader(model, source);
  const { facts, file } = read;
  if (read.reason !== undefined) notes.push(`${read.reason}${file === undefined ? ":" : ";"} ${SIZE_ONLY}`);
  // Without a header, the hub's own summary (expand[]=gguf) still gives the trained length.
  const trained = facts?.contextLength ?? model.gguf?.context_length;
  const { ctx, note } = contextSize(settings.ctx, trained === undefined ? {} : { contextLength: trained }, DEFAULT_CONTEXT_CAP);
  if (note && facts) notes.push(note);
  const { cacheType } = settings;
  const planSettings = planSettingsOf(settings, run, ctx);
  const estimateFor = (weights: number, projector: number): MemoryEstimate => {
    const request = {
      ctx,
      cacheType: planSettings.cacheTypeK,
      cacheTypeV: planSettings.cacheTypeV,
      ...(planSettings.flashAttention === "off" && { flashAttention: false }),
      weights,
      projector,
    };
    return facts ? estimateMemory(facts, request) : sizeOnlyEstimate(request, FITS_ALLOWANCE_BYTES);
  };
  notes.push(...estimateFor(0, 0).notes);
  const header = facts;
  const planFor = header
    ? (quant: QuantWeights, budget: PlanBudget, overrides: Partial<PlanSettings> = {}): PlanOutcome =>
        planMemory(header, quant, budget, { ...planSettings, ...overrides })
    : undefined;
  return { ctx, cacheType, ...(facts ? { facts, ...(file !== undefined && { headerFile: file }) } : {}), notes, estimateFor, ...(planFor ? { planFor } : {}) };
}

export async function fitsPlan(model: ModelData, fits: FitsRequest, settings: EstimateSettings, source: PlanSource, run: RunRequest = {}): Promise<FitsPlan> {
  const notes: string[] = [];
  let budget: MemoryBudget;
  if (fits.kind === "auto") {
    const detected = await detectMachine(source.detect ?? { env: {} });
    notes.push(...foundNotes(detected));
    budget = detected.budget;
  } else budget = budgetOf(fits);
  const plan = await estimatePlan(model, settings, source, run);
  return { ...plan, notes: [...notes, ...plan.notes], budget, planBudget: planBudgetOf(budget, fits) };
}

/**
 * The repository's header (read, or from the cache) and the file it was read
 * from; else why there is none: a metadata file, no GGUF file to read, or the
 * read's failure (`file` then says which file it was).
 */
async function repositoryHeader(model: ModelData, source: PlanSource): Promise<{ facts?: GgufFacts; file?: string; reason?: string }> {
  if (source.hubId === undefined) return { reason: `${model.id} was given as a metadata file, and hubref reads GGUF headers from the hub only` };
  const file = headerFile(ggufRepo(model, quantCatalogue()));
  if (file === undefined) return { reason: `${model.id} lists no GGUF model file to read a header from` };
  const outcome = await headerFacts(source.hubId, file, source);
  return outcome.facts ? { facts: outcome.facts, file } : { file, reason: unreadReason(outcome.file, outcome.unread) };
}

/** The trained context length, from the repository's header (read or cached) or the hub's summary; why it is unknown, else. */
export async function trainedContext(model: ModelData, source: PlanSource): Promise<{ length?: number; reason?: string }> {
  const header = await repositoryHeader(model, source);
  if (header.facts?.contextLength !== undefined) return { length: header.facts.contextLength };
  const reason = header.facts ? `the GGUF header of ${header.file} gives no trained context length` : header.reason;
  const summary = model.gguf?.context_length;
  return summary === undefined ? { reason } : { length: summary };
}
