import type { QuantCatalogue } from "../build/schemas/quant-types.js";
import { usageError } from "../errors.js";
import type { ModelData } from "../model/schema.js";
import { ggufRepo, hasFileList, hasGguf } from "./gguf-files.js";
import { fitOf } from "./fit-verdict.js";
import type { EstimatePlan, FitsPlan } from "./fits.js";
import { selectGgufFile, type FileChoice } from "./select.js";

/** One loadable GGUF of a repository, as `quant-types --for` lists it. */
interface QuantRow {
  quant: string | null;
  type: string | null;
  file: string;
  shards: number;
  files: string[];
  size: number | null;
  /** Bits per weight on disk: the size over the parameter count, when both are known. */
  bitsPerWeight: number | null;
  projector: boolean;
}

function checkedRepo(model: ModelData, catalogue: QuantCatalogue) {
  if (!hasGguf(model))
    throw usageError(`${model.id} has no GGUF files`, "quant types apply to GGUF repositories; run `hubref apps --for MODEL` for what runs it");
  if (!hasFileList(model)) throw usageError(`the metadata of ${model.id} lists no files (siblings)`, "pass the hub id, so hubref fetches the file list");
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
    });
  }
  return rows;
}

/** `quant-types --for MODEL --fits …`: the largest quant that fits, as llama.cpp would load it (split files too). */
export function quantThatFits(model: ModelData, catalogue: QuantCatalogue, plan: FitsPlan): FileChoice {
  const repo = checkedRepo(model, catalogue);
  return selectGgufFile({ fits: plan }, { model, repo, catalogue, splitFiles: true, appLabel: "llama.cpp" });
}

/** A row with the memory its quant needs at the plan's context size, and whether that fits. */
export interface QuantEstimateRow extends QuantRow {
  memory: { weights: number; kvCache: number; compute: number; total: number; rule: string } | null;
  fits: boolean | null;
  /** With a GPU: layers on it, of all. */
  gpuLayers: number | null;
  layerCount: number | null;
}

export function quantEstimates(rows: QuantRow[], plan: EstimatePlan & { budget?: FitsPlan["budget"] }): QuantEstimateRow[] {
  const projectors = rows.filter((row) => row.projector && row.size !== null).map((row) => row.size!);
  const projector = projectors.length > 0 ? Math.min(...projectors) : 0;
  return rows.map((row) => {
    if (row.projector || row.size === null) return { ...row, memory: null, fits: null, gpuLayers: null, layerCount: null };
    // With a budget, the same plan --fits chooses by (fitOf); without one, the estimate alone.
    const fit = "planBudget" in plan ? fitOf(plan as FitsPlan, row.size + projector, projector) : undefined;
    const estimate = fit?.estimate ?? plan.estimateFor(row.size + projector, projector);
    const { weights, kvCache, compute, total, rule } = estimate;
    const verdict = fit?.verdict;
    return {
      ...row,
      memory: { weights, kvCache, compute, total, rule },
      fits: verdict ? verdict.fits : null,
      gpuLayers: verdict?.offload ? verdict.offload.gpuLayers : null,
      layerCount: verdict?.offload ? verdict.offload.layerCount : null,
    };
  });
}
