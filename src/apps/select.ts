import type { QuantCatalogue } from "../build/schemas/quant-types.js";
import { usageError } from "../errors.js";
import type { ModelData } from "../model/schema.js";
import { nearestQuant } from "../quant/nearest.js";
import { parseQuantLabel, quantTypeOfLabel } from "../quant/parse.js";
import { didYouMean } from "../util/suggest.js";
import { describeEstimate, describeFit, fitMarkOf, fitOf, projectorSize } from "./fit-verdict.js";
import type { FitsPlan } from "./fits.js";
import { formatBytes } from "../util/bytes.js";
import type { GgufRepo, GgufVariant, QuantGroup } from "./gguf-files.js";

/*
 * Which GGUF file a command names: the one asked for (--file, --quant), the
 * largest that fits (--fits), or the default (Q4_K_M, else the nearest).
 */

export interface FileRequest {
  quant?: string;
  file?: string;
  /** The estimate and the budget, from --fits (with --ctx, --cache-type). */
  fits?: FitsPlan;
}

export interface FileChoice {
  variant: GgufVariant;
  /** Whether the label names this file alone, so `repo:LABEL` forms are exact. */
  labelIsExact: boolean;
  /** Named with --file: commands name the file itself, never a label. */
  byFile: boolean;
  /** Said on stderr: why this file, what else carries its label. */
  notes: string[];
}

interface SelectContext {
  model: ModelData;
  repo: GgufRepo;
  catalogue: QuantCatalogue;
  /** False for apps that cannot load a quant split into shards. */
  splitFiles: boolean;
  appLabel: string;
}

function labelsOf(groups: QuantGroup[]): string {
  return groups.map((group) => group.label).join(", ");
}

function usable(variant: GgufVariant, context: SelectContext): boolean {
  return context.splitFiles || variant.shards === 1;
}

function choiceOf(group: QuantGroup, variant: GgufVariant, notes: string[]): FileChoice {
  const others = group.variants.filter((other) => other !== variant);
  if (others.length > 0)
    notes.push(`${others.map((other) => other.file).join(", ")} also read${others.length === 1 ? "s" : ""} as ${group.label}: pick one with --file`);
  return { variant, labelIsExact: others.length === 0, byFile: false, notes };
}

function splitRefusal(context: SelectContext, what: string, shards: number, usableGroups: QuantGroup[]): never {
  throw usageError(
    `${context.appLabel} cannot load ${what} of ${context.model.id}: it exists only as a file split into ${shards} shards`,
    usableGroups.length > 0 ? `single-file quants: ${labelsOf(usableGroups)}` : "none of this repository's quants is a single file; use llama.cpp instead",
  );
}

function usableGroups(context: SelectContext): QuantGroup[] {
  return context.repo.groups.filter((group) => group.variants.some((variant) => usable(variant, context)));
}

function byFile(request: string, context: SelectContext): FileChoice {
  const { repo, model } = context;
  if (repo.projectors.some((projector) => projector.file === request)) {
    throw usageError(
      `${request} in ${model.id} is a projector (mmproj) file, not a model`,
      "name the model file; the projector is passed along where the app needs it",
    );
  }
  const variant = repo.variants.find((candidate) => candidate.files.includes(request));
  if (!variant) {
    const names = repo.variants.map((candidate) => candidate.file);
    throw usageError(`${model.id} has no GGUF file '${request}'`, didYouMean(request, names) ?? `its GGUF files: ${names.join(", ")}`);
  }
  if (!usable(variant, context)) splitRefusal(context, variant.file, variant.shards, usableGroups(context));
  const notes = variant.file === request ? [] : [`${request} is a shard of ${variant.file}: naming the first shard`];
  const group = repo.groups.find((candidate) => candidate.variants.includes(variant));
  return { variant, labelIsExact: group !== undefined && group.variants.length === 1, byFile: true, notes };
}

function byQuant(request: string, context: SelectContext): FileChoice {
  const { repo, model, catalogue } = context;
  const upper = request.toUpperCase();
  const type = quantTypeOfLabel(upper, catalogue);
  const group = repo.groups.find((candidate) => candidate.label === upper) ?? (type ? repo.groups.find((candidate) => candidate.type === type) : undefined);
  if (!group) {
    // A label hubref reads but that names no type of its own (Q5_K_L): missing here, not misspelt.
    const isLabel = parseQuantLabel(upper, catalogue) === upper;
    if (!type && !isLabel) {
      // Suggestions name only quants the repository has: a type it lacks would fail in turn.
      const labels = repo.groups.map((candidate) => candidate.label);
      throw usageError(`'${request}' is not a quantization type`, didYouMean(upper, labels) ?? `available: ${labels.join(", ") || "none"}`);
    }
    const available = usableGroups(context);
    const nearest = nearestQuant(
      type ?? familyType(upper, catalogue) ?? "",
      available.flatMap((candidate) => (candidate.type ? [candidate.type] : [])),
      catalogue,
    );
    const label = available.find((candidate) => candidate.type === nearest)?.label;
    throw usageError(
      `${model.id} has no ${type ?? upper} file`,
      available.length === 0
        ? "it has no file whose name reads as a quant type; name one with --file"
        : `${nearest ? `nearest available: ${label ?? nearest}; ` : ""}available: ${labelsOf(available)}`,
    );
  }
  const variant = group.variants.find((candidate) => usable(candidate, context));
  if (!variant) splitRefusal(context, group.label, group.variants[0]!.shards, usableGroups(context));
  return choiceOf(group, variant, []);
}

function byFits(plan: FitsPlan, context: SelectContext): FileChoice {
  const { repo, model } = context;
  const projector = projectorSize(repo);
  const candidates = usableGroups(context).flatMap((group) => {
    const variant = group.variants.find((candidate) => usable(candidate, context))!;
    return variant.size === undefined ? [] : [{ group, variant, ...fitOf(plan, variant.size + projector, projector) }];
  });
  if (candidates.length === 0) {
    throw usageError(
      `the file sizes of ${model.id} are unknown, so --fits cannot choose`,
      "sizes come from the hub for a model id; in a metadata file, give each sibling a size",
    );
  }
  candidates.sort((a, b) => b.estimate.total - a.estimate.total);
  // Where the chosen quant's layers run is the plan's verdict line, printed beside this note; a quant not chosen says it here.
  const why = (candidate: (typeof candidates)[number], placement = true) =>
    `${formatBytes(candidate.estimate.total)} (${describeEstimate(candidate.estimate)})${placement && candidate.verdict.offload ? `: ${describeFit(candidate)}` : ""}`;
  // Whole in GPU memory first; layers offloaded to system memory only when no quant fits whole.
  const fitting =
    candidates.find((candidate) => fitMarkOf(candidate.verdict) === "fits") ?? candidates.find((candidate) => fitMarkOf(candidate.verdict) === "offloaded");
  const smallest = candidates.at(-1)!;
  if (!fitting) {
    throw usageError(
      `no quant of ${model.id} fits ${plan.budget.label}: the smallest, ${smallest.group.label}, needs ${why(smallest)}`,
      `available: ${labelsOf(candidates.map((candidate) => candidate.group))}; a smaller --ctx or --cache-type q8_0 needs less`,
    );
  }
  const larger = candidates[candidates.indexOf(fitting) - 1];
  const note = `${fitting.group.label} is the largest quant that fits ${plan.budget.label}: it needs ${why(fitting, !fitting.plan)}${larger ? `; ${larger.group.label} would need ${why(larger)}` : ""}`;
  return choiceOf(fitting.group, fitting.variant, [note]);
}

/** A size-suffixed label without a type of its own (`Q5_K_L`) stands nearest its family's medium type (`Q5_K_M`). */
function familyType(label: string, catalogue: QuantCatalogue): string | undefined {
  const base = /^(?:UD-)?(I?Q\d_K)_[A-Z]+$/.exec(label)?.[1];
  return base === undefined ? undefined : catalogue.fileTypes.find((type) => type.name === `${base}_M` || type.name === base)?.name;
}

/*
 * Without --quant: Q4_K_M, else the nearest of like quality (the other 4-bit
 * K and I quants, Q4_0, Unsloth's dynamic 4-bit, then Q5_K_M), else the type
 * nearest Q4_K_M among those of 3 bits or more, and only then 2- and 1-bit
 * types, which lose much more.
 */
const DEFAULT_ORDER = ["Q4_K_M", "Q4_K_S", "IQ4_XS", "Q4_0", "UD-Q4_K_XL", "Q5_K_M"];
const LOW_BIT = /^(?:UD-)?(?:I?Q[12]_|TQ[12]_)/;

function defaultGroup(available: QuantGroup[], catalogue: QuantCatalogue): QuantGroup {
  for (const wanted of DEFAULT_ORDER) {
    const group =
      available.find((candidate) => candidate.label === wanted) ??
      (wanted.startsWith("UD-") ? undefined : available.find((candidate) => candidate.type === wanted));
    if (group) return group;
  }
  const nearestOf = (groups: QuantGroup[]) => {
    const type = nearestQuant(
      "Q4_K_M",
      groups.flatMap((candidate) => (candidate.type ? [candidate.type] : [])),
      catalogue,
    );
    return groups.find((candidate) => candidate.type === type);
  };
  const higher = available.filter((group) => !LOW_BIT.test(group.label));
  return nearestOf(higher) ?? higher[0] ?? nearestOf(available) ?? available[0]!;
}

function byDefault(context: SelectContext): FileChoice {
  const { repo, model, catalogue } = context;
  const available = usableGroups(context);
  if (available.length === 0) {
    if (repo.groups.length > 0) splitRefusal(context, "any quant", repo.groups[0]!.variants[0]!.shards, []);
    const names = repo.variants.map((variant) => variant.file);
    throw usageError(
      `no GGUF file name in ${model.id} reads as a quant type`,
      names.length > 0 ? `name one with --file: ${names.join(", ")}` : "the repository lists no GGUF model files",
    );
  }
  const nearest = defaultGroup(available, catalogue);
  const variant = nearest.variants.find((candidate) => usable(candidate, context))!;
  const notes: string[] = [];
  if (nearest.type !== "Q4_K_M") {
    const split = repo.groups.some((group) => group.type === "Q4_K_M");
    notes.push(
      split
        ? `the Q4_K_M file of ${model.id} is split into shards, which ${context.appLabel} cannot load: using ${nearest.label}`
        : `${model.id} has no Q4_K_M file: using ${nearest.label}`,
    );
  }
  return choiceOf(nearest, variant, notes);
}

/** The GGUF file to run, or a usage error that says what is available. */
export function selectGgufFile(request: FileRequest, context: SelectContext): FileChoice {
  const given = [request.quant !== undefined, request.file !== undefined, request.fits !== undefined].filter(Boolean).length;
  if (given > 1) throw usageError("--quant, --file and --fits go one at a time");
  if (request.file !== undefined) return byFile(request.file, context);
  if (request.quant !== undefined) return byQuant(request.quant, context);
  if (request.fits !== undefined) return byFits(request.fits, context);
  return byDefault(context);
}
