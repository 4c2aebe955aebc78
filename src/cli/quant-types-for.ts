import { planAccessOf, type CommandContext } from "./context.js";
import type { QuantTypesForCommand } from "./quant-types-options.js";
import { renderJson, renderTable, styleFor, terminalColumns } from "../output/output.js";
import { terminalLine } from "../output/terminal-text.js";
import { resolveModelArgument } from "../model/resolve.js";
import { quantCatalogue } from "../quant/catalogue.js";
import { quantEstimates, quantRows, quantThatFits, type QuantEstimateRow } from "../apps/quant-listing.js";
import { formatBytes } from "../util/bytes.js";
import type { EstimatePlan, FitsPlan } from "../apps/fits.js";
import { estimatePlanFor, fitsPlanFor } from "../apps/fits-plan.js";
import { cliError } from "./names.js";

/** `hubref quant-types --for MODEL [--ctx N] [--cache-type T] [--fits SIZE|HARDWARE|auto]`. */
export async function runQuantTypesFor(command: QuantTypesForCommand, context: CommandContext): Promise<void> {
  const { fits, estimate: settings, estimating } = command;
  const resolve = planAccessOf(context, command);
  const resolved = await resolveModelArgument(command.model, resolve.hub, { sizes: true });
  const model = resolved.model;
  const catalogue = quantCatalogue();
  const print = (text: string) => context.stdout.write(text);
  const note = (text: string) => context.stderr.write(`note: ${terminalLine(text)}\n`);
  const rows = quantRows(model, catalogue);

  if (!estimating) {
    if (command.json) {
      print(renderJson(rows));
      return;
    }
    await printTable(rows, context);
    return;
  }

  const withBudget: FitsPlan | undefined = fits ? await fitsPlanFor(fits, settings, resolved, resolve, command.run) : undefined;
  const plan: EstimatePlan = withBudget ?? (await estimatePlanFor(settings, resolved, resolve, command.run));
  for (const text of plan.notes) note(text);
  const estimates = quantEstimates(rows, withBudget ?? plan);
  let chosen: string | null = null;
  if (withBudget) {
    try {
      const choice = quantThatFits(model, catalogue, withBudget);
      for (const text of choice.notes) note(text);
      chosen = choice.variant.file;
    } catch (error) {
      // No quant fits: the table says so row by row; the reason is a note, not an error.
      const known = cliError(error);
      if (!known) throw error;
      note(known.message);
    }
  }
  if (command.json) {
    print(
      renderJson({
        model: model.id,
        ctx: plan.ctx,
        cacheType: plan.cacheType,
        fits: withBudget ? withBudget.budget : null,
        choice: chosen,
        quants: estimates,
      }),
    );
    return;
  }
  await printTable(estimates, context, withBudget !== undefined, chosen);
}

async function printTable(
  rows: (ReturnType<typeof quantRows>[number] | QuantEstimateRow)[],
  context: CommandContext,
  withFits = false,
  chosen: string | null = null,
): Promise<void> {
  const style = await styleFor(context.stdout, context.env);
  const aligned = Boolean(context.stdout.isTTY);
  const none = aligned ? "-" : "";
  const estimated = rows.some((row) => "memory" in row);
  const fitsCell = (row: QuantEstimateRow) => {
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
