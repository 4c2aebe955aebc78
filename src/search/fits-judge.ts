import { judgeUntilLimit } from "./judge-pool.js";
import type { DetectNote } from "../hardware/detect.js";
import { ggufRepo } from "../apps/gguf-files.js";
import type { MemoryPlan } from "../memory/plan.js";
import type { SpeedEstimate } from "../memory/speed.js";
import type { CacheKind } from "../model/hub/store.js";
import { modelFromHub } from "../model/resolve.js";
import type { LocalHub } from "../local/header.js";
import type { ModelData } from "../model/schema.js";
import { quantCatalogue } from "../quant/catalogue.js";
import { isFailure, type Problem } from "../outcome/problems.js";
import type { ChoiceNote } from "../local/choice.js";
import type { Machine } from "../local/machine.js";
import type { LocalRequest } from "../local/request.js";
import { prepareLocal, runOf } from "../local/run.js";
import type { SearchHit } from "./hits.js";
import { searchUrl, type SearchRequest } from "./query.js";
import { searchModels } from "./search.js";

/*
 * `hubref models --fits`, when the answer is not in the cache (fits-search.ts
 * looks there first): the hub's GGUF repositories in the order asked, each
 * run as `snippet --app llama.cpp --fits` runs it (the local-run owner,
 * src/local/, chooses and plans), with where it runs and how fast, estimated.
 * The network is spent in order of cheapness: the list's own GGUF summary
 * (parameter count) rules out what cannot fit before any other request; the
 * file sizes (metadata and tree, cached) rule out repositories whose smallest
 * quant is larger than all the memory; only then is one header read per
 * repository, from the cache when it is there. A few repositories are worked
 * on at once, and no more are started once enough fit.
 */

/** Repositories worked on at once. */
export const FITS_CONCURRENCY = 6;

/** No quant is smaller than about 1.5 bits a weight (IQ1_S): fewer bytes than that, and the list's parameter count rules a model out. */
const SMALLEST_BITS_PER_WEIGHT = 1.5;

/** The list is searched this many times deeper than --limit, as some candidates will not fit. */
const LIST_DEPTH = 5;

export interface FitsSearchRequest {
  search: SearchRequest;
  /** The machine (`machine` is required) and the run asked: as `snippet --app llama.cpp` takes them. */
  local: LocalRequest & Required<Pick<LocalRequest, "machine">>;
  /** The hub (whose progress the caller sets: one spinner covers the search) and the machine for --fits auto. */
  access: LocalHub;
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
  speed?: SpeedEstimate;
  /** Why this quant. */
  choice?: ChoiceNote;
}

/** Why a repository is left out (nothing fits) or skipped (what it needs could not be read). */
export type FitsReason =
  | { kind: "too-many-parameters"; parameters: number; least: number }
  | { kind: "files-too-large"; smallest: number }
  | { kind: "problem"; problem: Problem }
  | { kind: "no-sized-file" };

export interface LeftOut {
  id: string;
  why: FitsReason;
}

export interface FitsSearchOutcome {
  budget: Machine["budget"];
  machine: Machine;
  rows: FitsRow[];
  leftOut: LeftOut[];
  /** Repositories whose header or metadata could not be read: one grouped note. */
  skipped: LeftOut[];
  /** Said on stderr once: what --fits auto found. */
  notes: DetectNote[];
  /** GGUF repositories the list held. */
  candidates: number;
}

type Judged = { kind: "fits"; row: FitsRow } | { kind: "left-out"; why: FitsReason } | { kind: "skipped"; why: FitsReason };

/** All the memory the plans may fill, GPU and system together: a quant whose weights alone are larger cannot fit. */
function allMemory(machine: Machine): number {
  return machine.plan.gpus.reduce((sum, gpu) => sum + gpu, 0) + (machine.plan.system ?? 0);
}

/** What the list's GGUF summary rules out before any request: too many parameters for the smallest quant. */
function ruledOutByList(hit: SearchHit, machine: Machine): FitsReason | undefined {
  const parameters = hit.gguf?.parameters;
  if (parameters === undefined) return undefined;
  const least = (parameters * SMALLEST_BITS_PER_WEIGHT) / 8;
  return least > allMemory(machine) ? { kind: "too-many-parameters", parameters, least } : undefined;
}

/** A failure while judging one repository, as a reason; a bug stays loud. */
function reasonOf(error: unknown): FitsReason {
  if (isFailure(error)) return { kind: "problem", problem: error.problem };
  throw error;
}

async function judge(hit: SearchHit, request: FitsSearchRequest, machine: Machine): Promise<Judged> {
  const ruled = ruledOutByList(hit, machine);
  if (ruled !== undefined) return { kind: "left-out", why: ruled };
  const { hub } = request.access;
  let model: ModelData;
  try {
    model = await modelFromHub(hit.id, hub, { sizes: true });
  } catch (error) {
    return { kind: "skipped", why: reasonOf(error) };
  }
  const repo = ggufRepo(model, quantCatalogue());
  const sized = repo.variants.flatMap((variant) => (variant.size === undefined ? [] : [variant.size]));
  if (sized.length === 0) return { kind: "skipped", why: { kind: "no-sized-file" } };
  const smallest = Math.min(...sized);
  if (smallest > allMemory(machine)) return { kind: "left-out", why: { kind: "files-too-large", smallest } };

  const context = await prepareLocal({ model, source: { kind: "hub", id: hit.id } }, request.local, request.access, machine);
  try {
    const run = runOf(context, "llama.cpp");
    if (!run.plan || !run.file) return { kind: "skipped", why: { kind: "no-sized-file" } };
    return {
      kind: "fits",
      row: {
        hit,
        quant: run.file.variant.label,
        file: run.file.variant.file,
        files: run.file.variant.files,
        size: run.size ?? 0,
        plan: run.plan,
        ...(run.speed && { speed: run.speed }),
        ...(run.choice && { choice: run.choice }),
      },
    };
  } catch (error) {
    // No header (hostile, truncated, none to read) is no verdict: the repository is skipped, not left out.
    return { kind: context.facts ? "left-out" : "skipped", why: reasonOf(error) };
  }
}

/** The list as kept: the search's hits, and the repositories skipped for a header or metadata that could not be read (not tried again while the list is fresh). */
interface KeptList {
  url: string;
  hits: SearchHit[];
  skipped: Record<string, FitsReason>;
}

const LIST_ENTRY: CacheKind<KeptList> = {
  folder: "searches",
  // 3: a skip's reason is a record, not words.
  version: 3,
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
  skipped: Record<string, FitsReason>;
  keep(skipped: Record<string, FitsReason>): Promise<void>;
}

/** The GGUF repositories the search lists: from the cache when fresh (or --offline), else from the hub, then kept. */
async function candidateList(request: FitsSearchRequest): Promise<Candidates> {
  const { hub } = request.access;
  const search: SearchRequest = { ...request.search, gguf: true, limit: Math.min(1000, Math.max(100, request.search.limit * LIST_DEPTH)) };
  const url = searchUrl(hub.endpoint, search, ["gguf"]);
  const at = { origin: hub.endpoint, key: `list ${url}` };
  const keeper = (hits: SearchHit[], fetchedAt: number) => (skipped: Record<string, FitsReason>) =>
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
  machine: Machine,
  notes: DetectNote[],
): Promise<{ outcome: FitsSearchOutcome; fetchedAt: number }> {
  const list = await candidateList(request);
  const { hits } = list;
  const limit = request.search.limit;
  const results = await judgeUntilLimit(
    hits,
    limit,
    request.concurrency ?? FITS_CONCURRENCY,
    async (hit): Promise<Judged> => {
      const known = list.skipped[hit.id];
      return known === undefined ? judge(hit, request, machine) : { kind: "skipped", why: known };
    },
    (judged) => judged.kind === "fits",
  );
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
  const outcome: FitsSearchOutcome = { budget: machine.budget, machine, rows, leftOut, skipped, notes, candidates: hits.length };
  // What --offline could not read is no verdict on the repository: only a run that asked the hub keeps its skips.
  if (!request.access.hub.cache.policy.offline) await list.keep(Object.fromEntries(skipped.map((entry) => [entry.id, entry.why])));
  return { outcome, fetchedAt: list.fetchedAt };
}
