import type { QuantCatalogue } from "../build/schemas/quant-types.js";
import { usageError } from "../errors.js";
import type { ModelData } from "../model/schema.js";
import { nearestQuant } from "../quant/nearest.js";
import { quantTypeOfLabel } from "../quant/parse.js";
import { didYouMean } from "../util/suggest.js";
import { FITS_ALLOWANCE_BYTES, FITS_ALLOWANCE_TEXT, formatBytes } from "./memory.js";
import type { GgufRepo, GgufVariant, QuantGroup } from "./gguf-files.js";

/*
 * Which GGUF file a command names: the one asked for (--file, --quant), the
 * largest that fits (--fits), or the default (Q4_K_M, else the nearest).
 */

export interface FileRequest {
  quant?: string;
  file?: string;
  /** Memory in bytes, from --fits. */
  fits?: number;
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

function typeNames(context: SelectContext): string[] {
  return context.catalogue.fileTypes.map((type) => type.name);
}

function byQuant(request: string, context: SelectContext): FileChoice {
  const { repo, model, catalogue } = context;
  const upper = request.toUpperCase();
  const type = quantTypeOfLabel(upper, catalogue);
  const group = repo.groups.find((candidate) => candidate.label === upper) ?? (type ? repo.groups.find((candidate) => candidate.type === type) : undefined);
  if (!group) {
    if (!type) {
      const names = [...typeNames(context), ...repo.groups.map((candidate) => candidate.label)];
      throw usageError(`'${request}' is not a quantization type`, didYouMean(upper, names) ?? "run `hubref quant-types` for the list");
    }
    const available = usableGroups(context);
    const nearest = nearestQuant(
      type,
      available.flatMap((candidate) => (candidate.type ? [candidate.type] : [])),
      catalogue,
    );
    const label = available.find((candidate) => candidate.type === nearest)?.label;
    throw usageError(
      `${model.id} has no ${type} file`,
      available.length === 0
        ? "it has no file whose name reads as a quant type; name one with --file"
        : `nearest available: ${label ?? nearest}; available: ${labelsOf(available)}`,
    );
  }
  const variant = group.variants.find((candidate) => usable(candidate, context));
  if (!variant) splitRefusal(context, group.label, group.variants[0]!.shards, usableGroups(context));
  return choiceOf(group, variant, []);
}

function byFits(bytes: number, context: SelectContext): FileChoice {
  const { repo, model } = context;
  const projector = repo.projectors.length > 0 ? Math.min(...repo.projectors.map((file) => file.size ?? 0)) : 0;
  const candidates = usableGroups(context).flatMap((group) => {
    const variant = group.variants.find((candidate) => usable(candidate, context))!;
    return variant.size === undefined ? [] : [{ group, variant, need: variant.size + projector + FITS_ALLOWANCE_BYTES }];
  });
  if (candidates.length === 0) {
    throw usageError(
      `the file sizes of ${model.id} are unknown, so --fits cannot choose`,
      "sizes come from the hub for a model id; in a metadata file, give each sibling a size",
    );
  }
  candidates.sort((a, b) => b.need - a.need);
  const fitting = candidates.find((candidate) => candidate.need <= bytes);
  const smallest = candidates.at(-1)!;
  if (!fitting) {
    throw usageError(
      `no quant of ${model.id} fits in ${formatBytes(bytes)}: the smallest, ${smallest.group.label}, needs ${formatBytes(smallest.need)} (${FITS_ALLOWANCE_TEXT})`,
      `available: ${labelsOf(candidates.map((candidate) => candidate.group))}`,
    );
  }
  const parts = [`${formatBytes(fitting.variant.size!)} of files`];
  if (projector > 0) parts.push(`${formatBytes(projector)} projector`);
  parts.push(`${formatBytes(FITS_ALLOWANCE_BYTES)} allowance`);
  const larger = candidates[candidates.indexOf(fitting) - 1];
  const note = `${fitting.group.label} is the largest quant that fits in ${formatBytes(bytes)}: it needs ${formatBytes(fitting.need)} (${parts.join(" + ")})${larger ? `; ${larger.group.label} would need ${formatBytes(larger.need)}` : ""}`;
  return choiceOf(fitting.group, fitting.variant, [note]);
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
  const wanted = available.find((group) => group.type === "Q4_K_M" && group.label === "Q4_K_M") ?? available.find((group) => group.type === "Q4_K_M");
  const nearest =
    wanted ??
    available.find(
      (group) =>
        group.type ===
        nearestQuant(
          "Q4_K_M",
          available.flatMap((candidate) => (candidate.type ? [candidate.type] : [])),
          catalogue,
        ),
    ) ??
    available[0]!;
  const variant = nearest.variants.find((candidate) => usable(candidate, context))!;
  const notes = nearest.type === "Q4_K_M" ? [] : [`${model.id} has no Q4_K_M file that ${context.appLabel} loads: using the nearest, ${nearest.label}`];
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
