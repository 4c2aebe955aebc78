import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { budgetOf, type MemoryBudget } from "../hardware/budget.js";
import { cacheRoot, endpointFolder } from "../model/hub/cache-paths.js";
import { endpointHost, hubEndpoint } from "../model/hub/endpoint.js";
import type { FitsSearchOutcome, FitsSearchRequest } from "./fits-judge.js";

export type { FitsRow, FitsSearchOutcome, FitsSearchRequest, LeftOut } from "./fits-judge.js";

/*
 * `hubref models --fits`: the answer kept from the same command within the
 * cache's freshness (or any age with --offline) is read from one file, with
 * neither the schemas nor a plan loaded; else fits-judge.ts searches and
 * judges, and the answer is kept.
 */

/** How long a list and its answer stay fresh: as the models' metadata (model/hub/cache.ts). */
const ANSWER_TTL_MS = 24 * 60 * 60 * 1000;

async function machineBudget(request: FitsSearchRequest): Promise<{ budget: MemoryBudget; notes: string[] }> {
  if (request.fits.kind !== "auto") return { budget: budgetOf(request.fits), notes: [] };
  const { autoSpeedNote, detectMachine, foundNotes } = await import("../hardware/detect.js");
  const detected = await detectMachine({ env: request.resolve.env, ...request.detect });
  return { budget: detected.budget, notes: [...foundNotes(detected), autoSpeedNote(detected)] };
}

/** A whole answer, kept beside the list it was judged from. */
interface CachedAnswer {
  key: string;
  fetchedAt: number;
  outcome: FitsSearchOutcome;
}

function answerFile(request: FitsSearchRequest, budget: MemoryBudget): { key: string; file?: string } {
  const endpoint = hubEndpoint(request.resolve.env);
  const root = cacheRoot(request.resolve.env);
  const key = JSON.stringify({ endpoint, search: request.search, fits: request.fits, budget, estimate: request.estimate, run: request.run });
  if (root === undefined) return { key };
  return { key, file: join(root, "searches", endpointFolder(endpoint), `answer-${createHash("sha256").update(key).digest("hex").slice(0, 24)}.json`) };
}

async function readAnswer(request: FitsSearchRequest, key: string, file: string | undefined): Promise<FitsSearchOutcome | undefined> {
  if (file === undefined || request.resolve.refresh) return undefined;
  try {
    const cached = JSON.parse(await readFile(file, "utf8")) as CachedAnswer;
    const fresh = (request.now ?? Date.now)() - cached.fetchedAt < (request.resolve.cacheTtlMs ?? ANSWER_TTL_MS);
    return cached.key === key && (fresh || request.resolve.offline) ? cached.outcome : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The repositories that fit, in the list's order, at most `search.limit`;
 * the ones left out and skipped beside them, for --verbose and the notes.
 */
export async function searchFitting(request: FitsSearchRequest): Promise<FitsSearchOutcome> {
  const { budget, notes } = await machineBudget(request);
  const { key, file } = answerFile(request, budget);
  const answered = await readAnswer(request, key, file);
  if (answered) return { ...answered, notes };
  const { judgeSearch } = await import("./fits-judge.js");
  const { outcome, fetchedAt } = await judgeSearch(request, budget, notes);
  if (file !== undefined && !request.resolve.offline) {
    const { writeCacheFile } = await import("../model/hub/cache.js");
    await writeCacheFile(file, JSON.stringify({ key, fetchedAt, outcome } satisfies CachedAnswer));
  }
  return outcome;
}

/** The host the search asks, for the spinner. */
export function searchHost(env: NodeJS.ProcessEnv): string {
  return endpointHost(hubEndpoint(env));
}
