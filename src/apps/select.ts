import type { QuantCatalogue } from "../build/schemas/quant-types.js";
import type { ModelData } from "../model/schema.js";
import type { LocalNote } from "../outcome/local-notes.js";
import { fail } from "../outcome/problems.js";
import { nearestQuant } from "../quant/nearest.js";
import { parseQuantLabel, quantTypeOfLabel } from "../quant/parse.js";
import { closestMatch } from "../util/suggest.js";
import type { GgufRepo, GgufVariant, QuantGroup } from "./gguf-files.js";

/*
 * Which GGUF file a command names when no budget chooses it: the one asked
 * for (--file, --quant), or the default (Q4_K_M, else the nearest). The
 * choice for a budget is src/local/choice.ts's; both end in a FileChoice.
 */

export interface FileChoice {
  variant: GgufVariant;
  /** Whether `repo:LABEL` names this file alone, as the hub reads labels: else commands name the file. */
  labelIsExact: boolean;
  /** Named with --file: commands name the file itself, never a label. */
  byFile: boolean;
  /** Why this file, what else carries its label. */
  notes: LocalNote[];
}

export interface SelectContext {
  model: ModelData;
  repo: GgufRepo;
  catalogue: QuantCatalogue;
  /** False for apps that cannot load a quant split into shards. */
  splitFiles: boolean;
  appLabel: string;
}

/**
 * Types current llama.cpp cannot load: the ARM repacks of Q4_0 (it repacks
 * Q4_0 itself at load time now) and the 4-bit types whose support was removed.
 */
export const UNLOADABLE_TYPES: ReadonlySet<string> = new Set(["Q4_0_4_4", "Q4_0_4_8", "Q4_0_8_8", "Q4_2", "Q4_3"]);

export function isUnloadable(group: Pick<QuantGroup, "type">): boolean {
  return group.type !== undefined && UNLOADABLE_TYPES.has(group.type);
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/**
 * Whether the hub would take `file` for `label` (`-hf repo:LABEL`,
 * `hf.co/repo:LABEL`): the label in its name, set apart by a separator or the
 * end, in any case. `x-Q4_0_4_4.gguf` reads as Q4_0 that way, as the hub reads it.
 */
export function hubReadsAs(file: string, label: string): boolean {
  const name = baseName(file).toUpperCase();
  const wanted = label.toUpperCase();
  for (let at = name.indexOf(wanted); at !== -1; at = name.indexOf(wanted, at + 1)) {
    const before = at === 0 ? "" : name[at - 1]!;
    const after = name[at + wanted.length] ?? "";
    if ((before === "" || /[-_.]/.test(before)) && (after === "" || /[-_.]/.test(after))) return true;
  }
  return false;
}

function usable(variant: GgufVariant, context: SelectContext): boolean {
  return context.splitFiles || variant.shards === 1;
}

/** The groups the app can load (a single file where it takes no shards), unloadable types aside. */
export function usableGroups(context: SelectContext): QuantGroup[] {
  return context.repo.groups.filter((group) => !isUnloadable(group) && group.variants.some((variant) => usable(variant, context)));
}

/** The variant of `group` the app loads: the first it can. */
export function usableVariant(group: QuantGroup, context: SelectContext): GgufVariant | undefined {
  return group.variants.find((variant) => usable(variant, context));
}

/** The choice of `variant` of `group`: whether its label names it alone, and the note on the other files that carry it. */
export function choiceOf(group: QuantGroup, variant: GgufVariant, context: SelectContext, notes: LocalNote[] = []): FileChoice {
  const others = group.variants.filter((other) => other !== variant);
  if (others.length > 0) notes.push({ kind: "shares-label", label: group.label, files: others.map((other) => other.file) });
  const readAlike = context.repo.variants.filter((other) => other !== variant && !others.includes(other) && hubReadsAs(other.file, group.label));
  if (others.length === 0 && readAlike.length > 0)
    notes.push({ kind: "tag-ambiguous", label: group.label, file: variant.file, others: readAlike.map((other) => other.file) });
  return { variant, labelIsExact: others.length === 0 && readAlike.length === 0, byFile: false, notes };
}

function splitRefusal(context: SelectContext, what: string | null, shards: number): never {
  fail({
    kind: "split-only",
    app: context.appLabel,
    model: context.model.id,
    what,
    shards,
    singles: usableGroups(context).map((group) => group.label),
  });
}

function byFile(request: string, context: SelectContext): FileChoice {
  const { repo, model } = context;
  if (repo.projectors.some((projector) => projector.file === request)) fail({ kind: "projector-file", model: model.id, file: request });
  const variant = repo.variants.find((candidate) => candidate.files.includes(request));
  if (!variant) {
    const files = repo.variants.map((candidate) => candidate.file);
    const suggestion = closestMatch(request, files);
    fail({ kind: "no-such-file", model: model.id, file: request, files, ...(suggestion !== undefined && { suggestion }) });
  }
  const group = repo.groups.find((candidate) => candidate.variants.includes(variant));
  if (group && isUnloadable(group)) unloadable(group.label, context);
  if (!usable(variant, context)) splitRefusal(context, variant.file, variant.shards);
  const notes: LocalNote[] = variant.file === request ? [] : [{ kind: "shard-named", given: request, first: variant.file }];
  return { variant, labelIsExact: group !== undefined && group.variants.length === 1, byFile: true, notes };
}

function unloadable(label: string, context: SelectContext): never {
  const instead = usableGroups(context).find((group) => group.type === "Q4_0")?.label;
  fail({ kind: "unloadable-quant", label, ...(instead !== undefined && { instead }) });
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
      const suggestion = closestMatch(upper, labels);
      fail({ kind: "not-a-quant", text: request, labels, ...(suggestion !== undefined && { suggestion }) });
    }
    const available = usableGroups(context);
    const nearest = nearestQuant(
      type ?? familyType(upper, catalogue) ?? "",
      available.flatMap((candidate) => (candidate.type ? [candidate.type] : [])),
      catalogue,
    );
    const label = available.find((candidate) => candidate.type === nearest)?.label ?? nearest;
    fail({
      kind: "quant-missing",
      model: model.id,
      quant: type ?? upper,
      available: available.map((candidate) => candidate.label),
      ...(label && { nearest: label }),
    });
  }
  if (isUnloadable(group)) unloadable(group.label, context);
  const variant = usableVariant(group, context);
  if (!variant) splitRefusal(context, group.label, group.variants[0]!.shards);
  return choiceOf(group, variant, context);
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

/** The quant the hub's own default names: Q4_K_M. */
export const DEFAULT_QUANT = "Q4_K_M";

function defaultGroup(available: QuantGroup[], catalogue: QuantCatalogue): QuantGroup {
  for (const wanted of DEFAULT_ORDER) {
    const group =
      available.find((candidate) => candidate.label === wanted) ??
      (wanted.startsWith("UD-") ? undefined : available.find((candidate) => candidate.type === wanted));
    if (group) return group;
  }
  const nearestOf = (groups: QuantGroup[]) => {
    const type = nearestQuant(
      DEFAULT_QUANT,
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
    const loadable = repo.groups.filter((group) => !isUnloadable(group));
    if (loadable.length > 0) splitRefusal(context, null, loadable[0]!.variants[0]!.shards);
    fail({ kind: "no-quant-label", model: model.id, files: repo.variants.map((variant) => variant.file) });
  }
  const nearest = defaultGroup(available, catalogue);
  const variant = usableVariant(nearest, context)!;
  const notes: LocalNote[] = [];
  if (nearest.type !== DEFAULT_QUANT)
    notes.push({
      kind: "default-fallback",
      model: model.id,
      using: nearest.label,
      split: repo.groups.some((group) => group.type === DEFAULT_QUANT),
      app: context.appLabel,
    });
  return choiceOf(nearest, variant, context, notes);
}

/** The GGUF file named (`file`, `quant`), or the default, or the problem that says what is available. */
export function selectGgufFile(request: { quant?: string; file?: string }, context: SelectContext): FileChoice {
  if (request.file !== undefined) return byFile(request.file, context);
  if (request.quant !== undefined) return byQuant(request.quant, context);
  return byDefault(context);
}
