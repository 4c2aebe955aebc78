import type { QuantCatalogue } from "../build/schemas/quant-types.js";
import type { ModelData } from "../model/schema.js";
import { parseQuantLabel, quantTypeOfLabel } from "../quant/parse.js";

/*
 * A repository's GGUF files, read from its file list (`siblings`): projector
 * files apart, split files joined into one variant, variants grouped by the
 * quant label in their names.
 */

const SPLIT = /-(\d{5})-of-(\d{5})\.gguf$/i;

/** One loadable GGUF: a single file, or the shards of a split file. */
export interface GgufVariant {
  /** The file to name: the file itself, or the first shard. */
  file: string;
  /** Every file it takes, shards in order. */
  files: string[];
  /** Shards it is split into; 1 for a single file. */
  shards: number;
  /** Bytes of all its files, when every size is known. */
  size?: number;
  /** The label as read from the name (`UD-Q4_K_XL`), or null. */
  label: string | null;
  /** The file type the label stands for (`Q4_K_XL`), when known. */
  type?: string;
}

/** The variants that share one quant label. */
export interface QuantGroup {
  label: string;
  type?: string;
  variants: GgufVariant[];
}

export interface GgufRepo {
  /** Every variant, projectors aside. */
  variants: GgufVariant[];
  /** Variants grouped by label, largest type first; unlabelled variants are in no group. */
  groups: QuantGroup[];
  /** Projector files (`mmproj-*`), for vision models. */
  projectors: { file: string; size?: number; label: string | null }[];
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** A vision projector, whatever else its name says (`gemma-3-4b-it-mmproj-f16.gguf`): never a quant to run. */
function isProjector(path: string): boolean {
  return /mmproj/i.test(baseName(path));
}

export function isGguf(path: string): boolean {
  return /\.gguf$/i.test(path);
}

/** Whether the metadata lists the repository's files at all. */
export function hasFileList(model: ModelData): boolean {
  return model.siblings !== undefined;
}

/** Whether the repository holds GGUF files (by its file list, else by its tags). */
export function hasGguf(model: ModelData): boolean {
  if (model.siblings) return model.siblings.some((sibling) => isGguf(sibling.rfilename));
  return model.tags.includes("gguf") || model.gguf !== undefined;
}

function sumSizes(sizes: (number | undefined)[]): number | undefined {
  let total = 0;
  for (const size of sizes) {
    if (size === undefined) return undefined;
    total += size;
  }
  return total;
}

export function ggufRepo(model: ModelData, catalogue: QuantCatalogue): GgufRepo {
  const sizes = new Map<string, number | undefined>();
  for (const sibling of model.siblings ?? []) if (isGguf(sibling.rfilename)) sizes.set(sibling.rfilename, sibling.size);
  const projectors: GgufRepo["projectors"] = [];
  const splits = new Map<string, { shards: Map<number, string>; count: number }>();
  const variants: GgufVariant[] = [];

  const variantOf = (file: string, files: string[]): GgufVariant => {
    const label = parseQuantLabel(baseName(file), catalogue);
    const variant: GgufVariant = { file, files, shards: files.length, label };
    const type = label ? quantTypeOfLabel(label, catalogue) : undefined;
    if (type) variant.type = type;
    const size = sumSizes(files.map((name) => sizes.get(name)));
    if (size !== undefined) variant.size = size;
    return variant;
  };

  for (const file of [...sizes.keys()].sort()) {
    // An importance matrix is quantization input, not a model.
    if (/imatrix/i.test(baseName(file))) continue;
    if (isProjector(file)) {
      const size = sizes.get(file);
      projectors.push({ file, label: parseQuantLabel(baseName(file), catalogue), ...(size === undefined ? {} : { size }) });
      continue;
    }
    const split = SPLIT.exec(file);
    if (!split) {
      variants.push(variantOf(file, [file]));
      continue;
    }
    const stem = file.slice(0, split.index);
    const entry = splits.get(stem) ?? { shards: new Map(), count: Number(split[2]) };
    entry.shards.set(Number(split[1]), file);
    splits.set(stem, entry);
  }
  for (const { shards, count } of splits.values()) {
    const ordered = [...shards.entries()].sort((a, b) => a[0] - b[0]).map(([, file]) => file);
    // A split file with shards missing from the list cannot be loaded; its first shard names it anyway.
    if (shards.has(1) && shards.size === count) variants.push(variantOf(ordered[0]!, ordered));
  }
  variants.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));

  const byLabel = new Map<string, QuantGroup>();
  for (const variant of variants) {
    if (!variant.label) continue;
    const group = byLabel.get(variant.label) ?? { label: variant.label, ...(variant.type ? { type: variant.type } : {}), variants: [] };
    group.variants.push(variant);
    byLabel.set(variant.label, group);
  }
  const rankOf = (group: QuantGroup) => groupRank(group, catalogue);
  const groups = [...byLabel.values()].sort((a, b) => rankOf(a) - rankOf(b) || (a.label < b.label ? -1 : 1));
  // Within a label, the file whose name ends at the label comes first: `x-Q4_0.gguf` before `x-Q4_0_4_4.gguf`.
  for (const group of groups) group.variants.sort((a, b) => a.file.length - b.file.length || (a.file < b.file ? -1 : 1));
  return { variants, groups, projectors };
}

/**
 * A group's place in the catalogue's largest-first order of types (lower is
 * larger). A label with a size suffix hubref has no type for (`Q6_K_L`) sits
 * just before its base type (`Q6_K`), a K-quant family without a bare type
 * (`Q5_K_L`) just before its medium type; an unknown label last.
 */
export function groupRank(group: Pick<QuantGroup, "label" | "type">, catalogue: QuantCatalogue): number {
  const rank = new Map(catalogue.fileTypes.map((type, index) => [type.name, index]));
  if (group.type) return rank.get(group.type) ?? 1e6;
  const label = group.label.replace(/^UD-/, "");
  const base = [...rank.keys()].filter((name) => label.startsWith(`${name}_`)).sort((a, b) => b.length - a.length)[0];
  if (base !== undefined) return rank.get(base)! - 0.5;
  const family = /^(I?Q\d_K)_/.exec(label)?.[1];
  const medium = family === undefined ? undefined : rank.get(`${family}_M`);
  return medium === undefined ? 1e6 : medium - 0.5;
}

/** The projector to pair with a model file: an F16 one where there is one (the usual pairing), else the first. */
export function projectorFor(repo: GgufRepo): string | undefined {
  const preferred = repo.projectors.find((projector) => /F16/i.test(projector.label ?? "")) ?? repo.projectors[0];
  return preferred?.file;
}
