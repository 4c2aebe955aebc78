import type { QuantCatalogue } from "../build/schemas/quant-types.js";
import type { ModelData } from "../model/schema.js";
import { fail } from "../outcome/problems.js";
import { ggufRepo, hasFileList, hasGguf } from "./gguf-files.js";
import { UNLOADABLE_TYPES } from "./select.js";

/** One loadable GGUF of a repository, as `quant-types --for` lists it. */
export interface QuantRow {
  quant: string | null;
  type: string | null;
  file: string;
  shards: number;
  files: string[];
  size: number | null;
  /** Bits per weight on disk: the size over the parameter count, when both are known. */
  bitsPerWeight: number | null;
  projector: boolean;
  /** False for a type current llama.cpp no longer loads (the ARM repacks of Q4_0): listed, never chosen. */
  loadable: boolean;
}

function checkedRepo(model: ModelData, catalogue: QuantCatalogue) {
  if (!hasGguf(model)) fail({ kind: "not-gguf", model: model.id });
  if (!hasFileList(model)) fail({ kind: "no-file-list", model: model.id });
  return ggufRepo(model, catalogue);
}

/** The repository's GGUF files by quant, largest file first (a size not known, after); unlabelled files, then projectors, last. */
export function quantRows(model: ModelData, catalogue: QuantCatalogue): QuantRow[] {
  const repo = checkedRepo(model, catalogue);
  const params = model.gguf?.total;
  const bits = (size: number | undefined) => (size !== undefined && params ? Number(((size * 8) / params).toFixed(2)) : null);
  const grouped = repo.groups.flatMap((group) => group.variants).sort((a, b) => (b.size ?? -1) - (a.size ?? -1));
  const unlabelled = repo.variants.filter((variant) => !grouped.includes(variant)).sort((a, b) => (b.size ?? 0) - (a.size ?? 0));
  const rows: QuantRow[] = [...grouped, ...unlabelled].map((variant) => ({
    quant: variant.label,
    type: variant.type ?? null,
    file: variant.file,
    shards: variant.shards,
    files: variant.files,
    size: variant.size ?? null,
    bitsPerWeight: bits(variant.size),
    projector: false,
    loadable: variant.type === undefined || !UNLOADABLE_TYPES.has(variant.type),
  }));
  for (const projector of repo.projectors) {
    rows.push({
      quant: projector.label,
      type: null,
      file: projector.file,
      shards: 1,
      files: [projector.file],
      size: projector.size ?? null,
      bitsPerWeight: null,
      projector: true,
      loadable: true,
    });
  }
  return rows;
}
