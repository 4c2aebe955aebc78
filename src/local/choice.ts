import type { QuantCatalogue } from "../build/schemas/quant-types.js";
import { groupRank, type GgufVariant, type QuantGroup } from "../apps/gguf-files.js";
import type { MemoryPlan } from "../memory/plan.js";
import type { ChoiceRule, LocalNoteOf, QuantSummary } from "../outcome/local-notes.js";
import { fail } from "../outcome/problems.js";
import type { Preference } from "./settings.js";

/*
 * Which file of a repository runs best on the machine, once each quant is
 * planned there (every quant with the placement its app can take). The rule:
 *
 * - The default class is the hub's default quant and its peers, from Q4_K_M's
 *   4-bit neighbours up to Q8_0. Float files (F32, BF16, F16) and the dynamic
 *   8-bit files above Q8_0 are larger than a user needs: they run only when
 *   named or with `--prefer quality`.
 * - If a quant of the class runs entirely on the GPU: the largest such.
 * - Otherwise the class's smallest, which keeps the least in system memory:
 *   every byte there is read from RAM for every token, so it runs fastest of
 *   the class (a larger one with more in RAM is slower in proportion).
 * - Below the class only when nothing of it fits at all; then the same rule
 *   among the quants below it.
 *
 * The rule is monotone by construction: more GPU memory can only add quants
 * that run entirely there, and a longer context takes the same bytes from
 * every quant, so a bigger card never gives a smaller file, and more context
 * never a larger one. (A rule that weighs the class's larger quants against
 * the fastest one's speed is not: the fastest speeds jump when the smallest
 * quant comes to fit the GPU alone, and the choice would drop with it.)
 * `--prefer quality` takes the largest that fits anywhere, `--prefer speed`
 * the fastest of the class by the speed estimate.
 */

/** Where a quant's type stands against the default class. */
export type Tier = "float" | "above" | "class" | "below";

const FLOATS: ReadonlySet<string> = new Set(["F32", "BF16", "F16"]);

/** The class is the types ranked from Q8_0 down to the last 4-bit types of the catalogue's largest-first order. */
function classBounds(catalogue: QuantCatalogue): { top: number; bottom: number } {
  const names = catalogue.fileTypes.map((type) => type.name);
  const top = names.indexOf("Q8_0");
  const fourBit = names.flatMap((name, index) => (/^(?:I?Q4_|MXFP4|NVFP4)/.test(name) ? [index] : []));
  return { top, bottom: Math.max(...fourBit) };
}

export function tierOf(group: Pick<QuantGroup, "label" | "type">, catalogue: QuantCatalogue): Tier {
  if (group.type !== undefined && FLOATS.has(group.type)) return "float";
  const rank = groupRank(group, catalogue);
  const { top, bottom } = classBounds(catalogue);
  if (rank < top) return "above";
  return rank <= bottom ? "class" : "below";
}

/** One quant of the repository, planned on the machine for the app. */
export interface Candidate {
  group: QuantGroup;
  variant: GgufVariant;
  plan: MemoryPlan;
  tier: Tier;
  /** Its place in the largest-first order (lower is larger). */
  rank: number;
  /** Generated tokens a second, estimated where the bandwidths are known; else a stand-in for comparisons only. */
  speed: number;
  /** Whether the speed is the estimate the verdict shows (not the stand-in). */
  speedKnown: boolean;
}

/** Bytes on every device together. */
export function needOf(plan: MemoryPlan): number {
  return plan.devices.reduce((sum, device) => sum + device.total, 0);
}

/** Whether a plan runs whole in the one memory it has: every layer on the GPU, or no GPU to offload to. */
export function runsWhole(plan: MemoryPlan, hasGpu: boolean): boolean {
  return plan.placement === "gpu" || (!hasGpu && plan.placement === "system");
}

export function summaryOf(candidate: Candidate): QuantSummary {
  const { plan } = candidate;
  return {
    label: candidate.group.label,
    need: needOf(plan),
    onGpu: plan.devices.filter((device) => device.device !== "system memory").reduce((sum, device) => sum + device.total, 0),
    fits: plan.fits,
    placement: plan.placement,
    gpuLayers: plan.gpuLayers,
    layerCount: plan.layerCount,
    cpuMoeLayers: plan.cpuMoeLayers,
    ...(candidate.speedKnown && { speed: candidate.speed }),
  };
}

export type ChoiceNote = LocalNoteOf<"choice">;

const larger = (a: Candidate, b: Candidate) => a.rank - b.rank || needOf(b.plan) - needOf(a.plan);
const smaller = (a: Candidate, b: Candidate) => needOf(a.plan) - needOf(b.plan) || b.rank - a.rank;

/** The largest fitting candidate that runs whole, else the smallest fitting one. */
function within(candidates: Candidate[], hasGpu: boolean): { chosen: Candidate; whole: boolean } | undefined {
  const fitting = candidates.filter((candidate) => candidate.plan.fits);
  const whole = fitting.filter((candidate) => runsWhole(candidate.plan, hasGpu)).sort(larger)[0];
  if (whole) return { chosen: whole, whole: true };
  const least = [...fitting].sort(smaller)[0];
  return least ? { chosen: least, whole: false } : undefined;
}

/**
 * The chosen candidate and why; a repository of which nothing fits is the
 * `nothing-fits` problem, naming the least any quant needs.
 */
export function choose(
  candidates: readonly Candidate[],
  options: { prefer?: Preference; hasGpu: boolean; model: string; budget: string; memory: number; ctx: number; gpu?: number },
): { chosen: Candidate; note: ChoiceNote } {
  const { prefer, hasGpu } = options;
  const of = (tiers: Tier[]) => candidates.filter((candidate) => tiers.includes(candidate.tier));
  const floats = of(["float"]).map((candidate) => candidate.group.label);
  const note = (
    rule: ChoiceRule,
    chosen: Candidate,
    extra: Partial<Pick<ChoiceNote, "other" | "smallestOfClass">> = {},
  ): { chosen: Candidate; note: ChoiceNote } => ({
    chosen,
    note: {
      kind: "choice",
      rule,
      chosen: summaryOf(chosen),
      ...extra,
      ctx: options.ctx,
      ...(options.gpu !== undefined && { gpu: options.gpu }),
      floats,
    },
  });
  const classed = of(["class"]);
  const fitting = candidates.filter((candidate) => candidate.plan.fits);

  if (prefer === "quality") {
    const best = [...fitting].sort(larger)[0];
    if (best) {
      const bigger = candidates
        .filter((candidate) => larger(candidate, best) < 0)
        .sort(larger)
        .at(-1);
      return note("prefer-quality", best, bigger ? { other: summaryOf(bigger) } : {});
    }
  }
  if (prefer === "speed") {
    const fastest = classed.filter((candidate) => candidate.plan.fits).sort((a, b) => b.speed - a.speed || smaller(a, b))[0];
    if (fastest) return note("prefer-speed", fastest);
  }

  const inClass = within(classed, hasGpu);
  if (inClass?.whole) {
    // The next larger quant, which does not run whole on the GPU (or is not of the class): what the choice gave up.
    const next = candidates
      .filter((candidate) => larger(candidate, inClass.chosen) < 0)
      .sort(larger)
      .at(-1);
    return note("largest-on-gpu", inClass.chosen, next ? { other: summaryOf(next) } : {});
  }
  if (inClass) {
    const largest = classed.filter((candidate) => candidate.plan.fits).sort(larger)[0];
    return note("smallest-of-class", inClass.chosen, largest && largest !== inClass.chosen ? { other: summaryOf(largest) } : {});
  }
  const smallestOfClass = [...classed].sort(smaller)[0];
  const below = within(of(["below"]), hasGpu);
  if (below) return note("below-class", below.chosen, smallestOfClass ? { smallestOfClass: summaryOf(smallestOfClass) } : {});
  // A repository with nothing of the class or below it (float files only, say): the same rule among what there is.
  if (classed.length === 0 && of(["below"]).length === 0) {
    const outside = within(of(["above", "float"]), hasGpu);
    if (outside) return note("outside-class", outside.chosen);
  }
  const least = [...candidates].sort(smaller)[0]!;
  fail({
    kind: "nothing-fits",
    model: options.model,
    budget: options.budget,
    smallest: { label: least.group.label, need: needOf(least.plan) },
    memory: options.memory,
  });
}
