import { budgetOf, type MemoryBudget } from "../hardware/budget.js";
import type { CacheKind } from "../model/hub/store.js";
import type { FitsSearchOutcome, FitsSearchRequest } from "./fits-judge.js";

export type { FitsRow, FitsSearchOutcome, FitsSearchRequest, LeftOut } from "./fits-judge.js";

/*
 * `hubref models --fits`: the answer kept from the same command within the
 * cache's freshness (or any age with --offline) is read from one file, with
 * neither the schemas nor a plan loaded; else fits-judge.ts searches and
 * judges, and the answer is kept.
 */

async function machineBudget(request: FitsSearchRequest): Promise<{ budget: MemoryBudget; notes: string[] }> {
  if (request.fits.kind !== "auto") return { budget: budgetOf(request.fits), notes: [] };
  const { autoSpeedNote, detectMachine, foundNotes } = await import("../hardware/detect.js");
  const detected = await detectMachine(request.access.detect ?? { env: {} });
  return { budget: detected.budget, notes: [...foundNotes(detected), autoSpeedNote(detected)] };
}

/** A whole answer, kept under the request it answers. */
interface KeptAnswer {
  key: string;
  outcome: FitsSearchOutcome;
}

const ANSWER_ENTRY: CacheKind<KeptAnswer> = {
  folder: "searches",
  version: 2,
  parse(value) {
    const kept = value as Partial<KeptAnswer> | null;
    return typeof kept?.key === "string" && typeof kept.outcome === "object" && kept.outcome !== null ? (kept as KeptAnswer) : undefined;
  },
};

/**
 * The repositories that fit, in the list's order, at most `search.limit`;
 * the ones left out and skipped beside them, for --verbose and the notes.
 */
export async function searchFitting(request: FitsSearchRequest): Promise<FitsSearchOutcome> {
  const { budget, notes } = await machineBudget(request);
  const { hub } = request.access;
  const key = JSON.stringify({ search: request.search, fits: request.fits, budget, estimate: request.estimate, run: request.run });
  const at = { origin: hub.endpoint, key: `answer ${key}` };
  const kept = await hub.cache.read(ANSWER_ENTRY, at);
  if (kept && kept.value.key === key && hub.cache.usable(kept)) return { ...kept.value.outcome, notes };
  const { judgeSearch } = await import("./fits-judge.js");
  const { outcome, fetchedAt } = await judgeSearch(request, budget, notes);
  if (!hub.cache.policy.offline) await hub.cache.write(ANSWER_ENTRY, at, { key, outcome }, fetchedAt);
  return outcome;
}
