import { judgeUntilLimit } from "./judge-pool.js";
import type { FitsRequest } from "../hardware/budget.js";
import type { Hub } from "../model/hub/hub.js";
import type { CacheKind } from "../model/hub/store.js";
import { modelFromHub } from "../model/resolve.js";
import { isFailure, type Problem } from "../outcome/problems.js";
import type { ServeEngine } from "../outcome/serve-problems.js";
import type { ServeSettings } from "../serve/plan.js";
import { servePlanReport, type ServePlanReport } from "../serve/report.js";
import type { SearchHit } from "./hits.js";
import { searchUrl, type SearchRequest } from "./query.js";
import { searchModels } from "./search.js";

/*
 * `hubref models --fits HARDWARE --app vllm|sglang|mlx-lm`: the hub's
 * safetensors repositories for the filters asked, in the order asked, each
 * planned as `snippet --app vllm --fits` plans it (serveVerdict, over the
 * facts the one hub cache keeps). The list's parameter count rules out what
 * cannot fit before any file is read; then each candidate's metadata,
 * config.json and shard headers are read, a few at once, until enough fit
 * or the bounded list is spent.
 */

/** Repositories worked on at once. */
const CONCURRENCY = 4;
/** The list is this many times deeper than --limit, within the bounds below: some will not fit. */
const LIST_DEPTH = 3;
const MIN_LIST = 20;
/** Most candidates read for one search: each costs a config and a header per shard. */
export const MAX_CANDIDATES = 100;
/** No checkpoint a server loads stores fewer bytes a weight than 4-bit formats do. */
const SMALLEST_BYTES_PER_WEIGHT = 0.5;

export interface ServeSearchRequest {
  search: SearchRequest;
  engine: ServeEngine;
  fits: FitsRequest;
  settings: ServeSettings;
  hub: Hub;
  /** The GPU memory --fits auto found here. */
  detectedGpuBytes?: number;
  concurrency?: number;
}

export interface ServeRow {
  hit: SearchHit;
  /** The list's parameter count, where it gives one. */
  parameters: number | null;
  plan: ServePlanReport;
}

export type ServeLeftOut =
  | { id: string; why: { kind: "too-many-parameters"; parameters: number; least: number } }
  | { id: string; why: { kind: "does-not-fit"; problem: Problem } }
  | { id: string; why: { kind: "problem"; problem: Problem } };

export interface ServeSearchOutcome {
  engine: ServeEngine;
  /** The hardware as messages name it. */
  hardware: string;
  rows: ServeRow[];
  /** Planned and not fitting, or ruled out by the list's count. */
  leftOut: ServeLeftOut[];
  /** What could not be read or planned (no config sizes, a broken header): one grouped note. */
  skipped: ServeLeftOut[];
  /** Safetensors repositories the list held. */
  candidates: number;
}

/** All the memory the GPUs named have, for the list's count: a weight takes at least half a byte. */
function allMemory(fits: FitsRequest, detected: number | undefined): number | undefined {
  if (fits.kind === "size") return fits.bytes;
  if (fits.kind === "auto") return detected;
  return fits.hardware.count * fits.hardware.memoryGB * 2 ** 30;
}

interface KeptList {
  url: string;
  hits: SearchHit[];
}

const LIST_ENTRY: CacheKind<KeptList> = {
  folder: "searches",
  version: 1,
  parse(value) {
    const list = value as Partial<KeptList> | null;
    return typeof list?.url === "string" && Array.isArray(list.hits) ? (list as KeptList) : undefined;
  },
};

/** The safetensors repositories the search lists: from the cache when fresh (or offline), else from the hub, then kept. */
async function candidateList(request: ServeSearchRequest): Promise<SearchHit[]> {
  const { hub } = request;
  const limit = Math.min(MAX_CANDIDATES, Math.max(MIN_LIST, request.search.limit * LIST_DEPTH));
  const search: SearchRequest = { ...request.search, gguf: false, filters: [...(request.search.filters ?? []), "safetensors"], limit };
  const url = searchUrl(hub.endpoint, search, ["safetensors"]);
  const at = { origin: hub.endpoint, key: `serve list ${url}` };
  const kept = await hub.cache.read(LIST_ENTRY, at);
  if (kept && kept.value.url === url && hub.cache.usable(kept)) return kept.value.hits;
  if (hub.cache.policy.offline) hub.cache.missing({ kind: "search" });
  const { hits } = await searchModels(search, hub, ["safetensors"]);
  await hub.cache.write(LIST_ENTRY, at, { url, hits });
  return hits;
}

type Judged = { kind: "fits"; row: ServeRow } | { kind: "left-out" | "skipped"; entry: ServeLeftOut };

async function judge(hit: SearchHit, request: ServeSearchRequest): Promise<Judged> {
  const parameters = hit.safetensors?.parameters ?? null;
  const memory = allMemory(request.fits, request.detectedGpuBytes);
  if (parameters !== null && memory !== undefined && parameters * SMALLEST_BYTES_PER_WEIGHT > memory)
    return { kind: "left-out", entry: { id: hit.id, why: { kind: "too-many-parameters", parameters, least: parameters * SMALLEST_BYTES_PER_WEIGHT } } };
  const { serveVerdict } = await import("../serve/run.js");
  try {
    const model = await modelFromHub(hit.id, request.hub);
    const verdict = await serveVerdict({
      engine: request.engine,
      model,
      fits: request.fits,
      settings: request.settings,
      facts: { hub: request.hub },
      alternatives: false,
      ...(request.detectedGpuBytes !== undefined && { detectedGpuBytes: request.detectedGpuBytes }),
    });
    if (verdict.problem) return { kind: "left-out", entry: { id: hit.id, why: { kind: "does-not-fit", problem: verdict.problem } } };
    return { kind: "fits", row: { hit, parameters, plan: servePlanReport(verdict.plan) } };
  } catch (error) {
    if (!isFailure(error)) throw error;
    return { kind: "skipped", entry: { id: hit.id, why: { kind: "problem", problem: error.problem } } };
  }
}

/** The repositories that run on the hardware, in the list's order, at most `search.limit`; the others beside them. */
export async function searchServing(request: ServeSearchRequest): Promise<ServeSearchOutcome> {
  // The hardware is checked before the list: an engine that does not run there would refuse every repository alike.
  const { checkedServeHardware } = await import("../serve/run.js");
  const { label } = checkedServeHardware(request.engine, request.fits, request.detectedGpuBytes);
  const hits = await candidateList(request);
  const limit = request.search.limit;
  const results = await judgeUntilLimit(
    hits,
    limit,
    request.concurrency ?? CONCURRENCY,
    (hit) => judge(hit, request),
    (judged) => judged.kind === "fits",
  );
  const outcome: ServeSearchOutcome = { engine: request.engine, hardware: label, rows: [], leftOut: [], skipped: [], candidates: hits.length };
  for (const judged of results) {
    if (judged === undefined) continue;
    if (judged.kind === "fits") {
      if (outcome.rows.length < limit) outcome.rows.push(judged.row);
    } else (judged.kind === "left-out" ? outcome.leftOut : outcome.skipped).push(judged.entry);
  }
  return outcome;
}
