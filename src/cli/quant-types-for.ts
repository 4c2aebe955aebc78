import { planAccessOf, type CommandContext } from "./context.js";
import type { QuantTypesForCommand } from "./quant-types-options.js";
import { renderJson, renderTable, styleFor, terminalColumns } from "../output/output.js";
import { terminalLine } from "../output/terminal-text.js";
import { resolveModelArgument } from "../model/resolve.js";
import { quantCatalogue } from "../quant/catalogue.js";
import { quantRows, type QuantRow } from "../apps/quant-listing.js";
import { formatBytes } from "../util/bytes.js";
import { isFailure } from "../outcome/problems.js";
import { cliText } from "./names.js";
import { saidLines } from "./local-words.js";

/** A row with the memory its quant needs at the context asked, and whether that fits the machine. */
interface QuantEstimateRow extends QuantRow {
  memory: { weights: number; kvCache: number; compute: number; total: number; rule: string } | null;
  fits: boolean | null;
  /** With a GPU: layers on it, of all (llama.cpp's counts, the output one of them). */
  gpuLayers: number | null;
  layerCount: number | null;
}

/**
 * `hubref quant-types --for MODEL [--ctx N] [--cache-type T] [--fits SIZE|HARDWARE|auto]`: each file of the
 * repository with what it needs, planned as `snippet --app llama.cpp --file F` plans it (src/local/), and the file
 * that `snippet --app llama.cpp --fits` would choose.
 */
export async function runQuantTypesFor(command: QuantTypesForCommand, context: CommandContext): Promise<void> {
  const access = planAccessOf(context, command);
  const resolved = await resolveModelArgument(command.model, access.hub, { sizes: true });
  const model = resolved.model;
  const print = (text: string) => context.stdout.write(text);
  const note = (text: string) => context.stderr.write(`note: ${terminalLine(text)}\n`);
  const rows = quantRows(model, quantCatalogue());

  if (!command.estimating) {
    if (command.json) {
      print(renderJson(rows));
      return;
    }
    await printTable(rows, context);
    return;
  }

  const { estimateOf, headerProblem, prepareLocal, runOf } = await import("../local/run.js");
  const local = await prepareLocal(resolved, command.local, access);
  for (const line of saidLines(local.notes)) context.stderr.write(`${line}\n`);
  const missing = headerProblem(local);
  if (missing) note(cliText(missing).message);
  const { machine } = local;
  const variants = new Map(local.repo.variants.map((variant) => [variant.file, variant]));
  const estimates: QuantEstimateRow[] = rows.map((row) => {
    const none = { ...row, memory: null, fits: null, gpuLayers: null, layerCount: null };
    const variant = variants.get(row.file);
    if (row.projector || !variant || !row.loadable || missing) return none;
    if (!machine) {
      const estimate = estimateOf(local, variant);
      if (!estimate) return none;
      const { weights, kvCache, compute, total, rule } = estimate;
      return { ...none, memory: { weights, kvCache, compute, total, rule } };
    }
    try {
      const plan = runOf(local, "llama.cpp", { file: row.file }).plan;
      if (!plan) return none;
      const { weights, kvCache, compute, total, rule } = plan.estimate;
      const split = plan.placement === "layers";
      return {
        ...none,
        memory: { weights, kvCache, compute, total, rule },
        fits: plan.fits,
        gpuLayers: split ? plan.ngl : null,
        layerCount: split ? plan.layerCount + 1 : null,
      };
    } catch (error) {
      if (!isFailure(error)) throw error;
      return none;
    }
  });
  let chosen: string | null = null;
  if (machine && !missing) {
    try {
      const run = runOf(local, "llama.cpp", {});
      for (const line of saidLines(run.notes.filter((said) => !local.notes.includes(said)))) context.stderr.write(`${line}\n`);
      chosen = run.file?.variant.file ?? null;
    } catch (error) {
      // No quant fits: the table says so row by row; the reason is a note, not an error.
      if (!isFailure(error)) throw error;
      note(cliText(error.problem).message);
    }
  }
  if (command.json) {
    const ctx = typeof local.settings.ctx === "number" ? local.settings.ctx : (local.trained ?? null);
    print(
      renderJson({
        model: model.id,
        ctx,
        cacheType: local.settings.cacheTypeK,
        fits: machine ? machine.budget : null,
        choice: chosen,
        quants: estimates,
      }),
    );
    return;
  }
  await printTable(estimates, context, machine !== undefined, chosen);
}

async function printTable(rows: (QuantRow | QuantEstimateRow)[], context: CommandContext, withFits = false, chosen: string | null = null): Promise<void> {
  const style = await styleFor(context.stdout, context.env);
  const aligned = Boolean(context.stdout.isTTY);
  const none = aligned ? "-" : "";
  const estimated = rows.some((row) => "memory" in row);
  const fitsCell = (row: QuantEstimateRow) => {
    if (!row.loadable) return "llama.cpp cannot load it";
    if (row.fits === null) return none;
    const where =
      row.gpuLayers !== null && row.layerCount !== null && row.gpuLayers < row.layerCount ? ` (${row.gpuLayers}/${row.layerCount} layers on GPU)` : "";
    return `${row.fits ? "yes" : "no"}${where}${aligned && row.file === chosen ? " ←" : ""}`;
  };
  context.stdout.write(
    renderTable({
      header: ["QUANT", "SPLIT", "SIZE", ...(estimated ? ["MEMORY"] : ["BITS/WEIGHT"]), ...(withFits ? ["FITS"] : []), "FILE"],
      rows: rows.map((row) => [
        row.projector ? `mmproj ${row.quant ?? ""}`.trim() : (row.quant ?? none),
        row.shards > 1 ? `${row.shards} files` : "1 file",
        row.size === null ? none : formatBytes(row.size),
        ...(estimated
          ? [(row as QuantEstimateRow).memory ? formatBytes((row as QuantEstimateRow).memory!.total) : none]
          : [row.bitsPerWeight === null ? none : row.bitsPerWeight.toFixed(2)]),
        ...(withFits ? [fitsCell(row as QuantEstimateRow)] : []),
        // A file name is the repository owner's text: at a terminal, through the sanitiser.
        aligned ? terminalLine(row.file) : row.file,
      ]),
      style,
      aligned,
      width: terminalColumns(context.stdout),
    }),
  );
}
