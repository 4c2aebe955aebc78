import { isUsageError } from "../errors.js";
import { describeFit, projectorSize } from "../apps/fit-verdict.js";
import { estimatePlan, planBudgetOf, type FitsPlan, type RunRequest } from "../apps/fits.js";
import { ggufRepo } from "../apps/gguf-files.js";
import { quantThatFits } from "../apps/quant-listing.js";
import type { FitsRequest, MemoryBudget } from "../hardware/budget.js";
import type { EstimateSettings } from "../memory/options.js";
import type { MemoryPlan } from "../memory/plan.js";
import type { SpeedEstimate } from "../memory/speed.js";
import type { CacheKind } from "../model/hub/store.js";
import { modelFromHub } from "../model/resolve.js";
import type { PlanAccess } from "../apps/fits.js";
import type { ModelData } from "../model/schema.js";
import { quantCatalogue } from "../quant/catalogue.js";
import { formatBytes } from "../util/bytes.js";
import type { SearchHit } from "./hits.js";
import { searchUrl, type SearchRequest } from "./query.js";
import { searchModels } from "./search.js";
import { quantVerdict } from "./fits-quants.js";

/*
 * `hubref models --fits`, when the answer is not in the cache (fits-search.ts
 * looks there first): the hub's GGUF repositories in the order asked,
 * each with the quant `snippet --app llama.cpp --fits` would choose for it
 * (quantThatFits and plannedRun, the same functions), where it runs and how
 * fast, estimated. The network is spent in order of cheapness: the list's own
 * GGUF summary (parameter count, trained length) rules out what cannot fit
 * before any other request; the file sizes (metadata and tree, cached) rule
 * out repositories whose smallest quant is larger than all the memory; only
 * then is one header read per repository, from the cache when it is there.
 * A few repositories are worked on at once, and no more are started once
 * enough fit.
 */

/** Repositories worked on at once. */
export const FITS_CONCURRENCY = 6;

/** No quant is smaller than about 1.5 bits a weight (IQ1_S): fewer bytes than that, and the list's parameter count rules a model out. */
const SMALLEST_BITS_PER_WEIGHT = 1.5;

/** The list is searched this many times deeper than --limit, as some candidates will not fit. */
const LIST_DEPTH = 5;

export interface FitsSearchRequest {
  search: SearchRequest;
  fits: FitsRequest;
  estimate: EstimateSettings;
  run: RunRequest;
  /** The hub (whose progress the caller sets: one spinner covers the search) and the machine for --fits auto. */
  access: PlanAccess;
  concurrency?: number;
}

/** A repository that fits, with the quant chosen and its plan. */
export interface FitsRow {
  hit: SearchHit;
  quant: string | null;
  file: string;
  files: readonly string[];
  /** Bytes of the quant's files (and the projector, for a vision repository). */
  size: number;
  plan: MemoryPlan;
  /** Where it runs, in words: "all 32 layers on the GPU". */
  where: string;
  speed?: SpeedEstimate;
}

/** A repository left out: nothing fits (why, with the smallest quant's need where known). */
export interface LeftOut {
  id: string;
  why: string;
}

export interface FitsSearchOutcome {
  budget: MemoryBudget;
  rows: FitsRow[];
  leftOut: LeftOut[];
  /** Repositories whose header or metadata could not be read: one grouped note. */
  skipped: LeftOut[];
  /** Said on stderr once: what --fits auto found. */
  notes: string[];
  /** GGUF repositories the list held. */
  candidates: number;
}

type Judged = { kind: "fits"; row: FitsRow } | { kind: "left-out"; why: string } | { kind: "skipped"; why: string };

/** All the memory the budget has, GPU and system together: a quant whose weights alone are larger cannot fit. */
function allMemory(budget: MemoryBudget): number {
  return (budget.gpu ?? 0) + (budget.system ?? 0);
}

/** What the list's GGUF summary rules out before any request: too many parameters, or a trained context shorter than asked. */
function ruledOutByList(hit: SearchHit, budget: MemoryBudget, run: RunRequest): string | undefined {
  const parameters = hit.gguf?.parameters;
  if (parameters !== undefined) {
    const least = (parameters * SMALLEST_BITS_PER_WEIGHT) / 8;
    if (least > allMemory(budget)) return `${formatCount(parameters)} parameters need at least ${formatBytes(least)} at the smallest quant`;
  }
  const trained = hit.gguf?.contextLength;
  if (typeof run.ctx === "number" && trained !== undefined && run.ctx > trained) return `--ctx ${run.ctx} is beyond its trained context length (${trained})`;
  return undefined;
}

function formatCount(parameters: number): string {
  return parameters >= 1e9 ? `${Number((parameters / 1e9).toFixed(1))}B` : `${Number((parameters / 1e6).toFixed(0))}M`;
}

/** The message of an error thrown while judging one repository: a usage error there (no quant fits, a context too long) is a verdict. */
function messageOf(error: unknown): { usage: boolean; message: string } {
  return { usage: isUsageError(error), message: error instanceof Error ? error.message : String(error) };
}

async function judge(hit: SearchHit, request: FitsSearchRequest, budget: MemoryBudget): Promise<Judged> {
  const ruled = ruledOutByList(hit, budget, request.run);
  if (ruled !== undefined) return { kind: "left-out", why: ruled };
  const { hub } = request.access;
  let model: ModelData;
  try {
    model = await modelFromHub(hit.id, hub, { sizes: true });
  } catch (error) {
    return { kind: "skipped", why: `its metadata could not be read (${messageOf(error).message})` };
  }
  const catalogue = quantCatalogue();
  const repo = ggufRepo(model, catalogue);
  const projector = projectorSize(repo);
  const sized = repo.variants.flatMap((variant) => (variant.size === undefined ? [] : [variant.size + projector]));
  if (sized.length === 0) return { kind: "skipped", why: "it lists no GGUF model file with a size" };
  const smallest = Math.min(...sized);
  if (smallest > allMemory(budget)) return { kind: "left-out", why: `the smallest quant's files alone are ${formatBytes(smallest)}` };

  const estimate = await estimatePlan(model, request.estimate, { ...request.access, hubId: hit.id }, request.run);
  if (estimate.planFor === undefined) {
    // The note says why there is no header (hostile, truncated, none to read); a plan by file sizes alone would place nothing.
    return { kind: "skipped", why: estimate.notes[0]?.replace(/[;:] the estimate counts .*$/, "") ?? "its GGUF header could not be read" };
  }
  const plan: FitsPlan = { ...estimate, budget, planBudget: planBudgetOf(budget, request.fits) };
  try {
    const choice = quantThatFits(model, catalogue, plan);
    const planned = quantVerdict(model, choice.variant.file, plan, request.run, model.gguf?.total ?? hit.gguf?.parameters);
    if (!planned) return { kind: "skipped", why: "its header gave no plan" };
    const { speed } = planned;
    return {
      kind: "fits",
      row: {
        hit,
        quant: choice.variant.label,
        file: choice.variant.file,
        files: choice.variant.files,
        size: (choice.variant.size ?? 0) + projector,
        plan: planned.plan,
        where: describeFit({ estimate: planned.plan.estimate, verdict: { fits: true, systemKnown: budget.system !== undefined }, plan: planned.plan }),
        ...(speed && { speed }),
      },
    };
  } catch (error) {
    const { usage, message } = messageOf(error);
    if (!usage) throw error;
    return { kind: "left-out", why: message.replace(/^no quant of \S+ fits [^:]*: /, "") };
  }
}

/** The list as kept: the search's hits, and the repositories skipped for a header or metadata that could not be read (not tried again while the list is fresh). */
interface KeptList {
  url: string;
  hits: SearchHit[];
  skipped: Record<string, string>;
}

const LIST_ENTRY: CacheKind<KeptList> = {
  folder: "searches",
  version: 2,
  parse(value) {
    const list = value as Partial<KeptList> | null;
    return typeof list?.url === "string" && Array.isArray(list.hits) && typeof list.skipped === "object" && list.skipped !== null
      ? (list as KeptList)
      : undefined;
  },
};

/** The list, when it was fetched, and how to keep what was skipped judging it. */
interface Candidates {
  hits: SearchHit[];
  fetchedAt: number;
  skipped: Record<string, string>;
  keep(skipped: Record<string, string>): Promise<void>;
}

/** The GGUF repositories the search lists: from the cache when fresh (or --offline), else from the hub, then kept. */
async function candidateList(request: FitsSearchRequest): Promise<Candidates> {
  const { hub } = request.access;
  const search: SearchRequest = { ...request.search, gguf: true, limit: Math.min(1000, Math.max(100, request.search.limit * LIST_DEPTH)) };
  const url = searchUrl(hub.endpoint, search, ["gguf"]);
  const at = { origin: hub.endpoint, key: `list ${url}` };
  const keeper = (hits: SearchHit[], fetchedAt: number) => (skipped: Record<string, string>) =>
    hub.cache.write(LIST_ENTRY, at, { url, hits, skipped }, fetchedAt);
  const kept = await hub.cache.read(LIST_ENTRY, at);
  if (kept && kept.value.url === url && hub.cache.usable(kept))
    return { hits: kept.value.hits, fetchedAt: kept.fetchedAt, skipped: kept.value.skipped, keep: keeper(kept.value.hits, kept.fetchedAt) };
  if (hub.cache.policy.offline) hub.cache.missing({ kind: "search" });
  const now = hub.cache.policy.now();
  const { hits } = await searchModels(search, hub, ["gguf"]);
  return { hits, fetchedAt: now, skipped: {}, keep: keeper(hits, now) };
}

/**
 * The repositories that fit, in the list's order, at most `search.limit`;
 * the ones left out and skipped beside them, for --verbose and the notes.
 */
export async function judgeSearch(
  request: FitsSearchRequest,
  budget: MemoryBudget,
  notes: string[],
): Promise<{ outcome: FitsSearchOutcome; fetchedAt: number }> {
  const list = await candidateList(request);
  const { hits } = list;
  const limit = request.search.limit;
  const concurrency = Math.max(1, request.concurrency ?? FITS_CONCURRENCY);
  const results: (Judged | undefined)[] = new Array(hits.length);
  let next = 0;
  let fitting = 0;
  let inFlight = 0;
  // One repository at a time per worker; a new one starts only while those that fit, with those under way, are fewer than the limit.
  const worker = async (): Promise<void> => {
    while (next < hits.length && fitting + inFlight < limit) {
      const index = next++;
      inFlight++;
      try {
        const hit = hits[index]!;
        const known = list.skipped[hit.id];
        const judged: Judged = known === undefined ? await judge(hit, request, budget) : { kind: "skipped", why: known };
        results[index] = judged;
        if (judged.kind === "fits") fitting++;
      } finally {
        inFlight--;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const rows: FitsRow[] = [];
  const leftOut: LeftOut[] = [];
  const skipped: LeftOut[] = [];
  results.forEach((judged, index) => {
    const id = hits[index]!.id;
    if (judged === undefined) return;
    if (judged.kind === "fits") {
      if (rows.length < limit) rows.push(judged.row);
    } else (judged.kind === "left-out" ? leftOut : skipped).push({ id, why: judged.why });
  });
  const outcome: FitsSearchOutcome = { budget, rows, leftOut, skipped, notes, candidates: hits.length };
  // What --offline could not read is no verdict on the repository: only a run that asked the hub keeps its skips.
  if (!request.access.hub.cache.policy.offline) await list.keep(Object.fromEntries(skipped.map((entry) => [entry.id, entry.why])));
  return { outcome, fetchedAt: list.fetchedAt };
}
