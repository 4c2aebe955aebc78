import type { CommandContext } from "./context.js";
import type { QuantTypesOptions } from "./quant-types-options.js";
import { renderJson, renderTable, styleFor } from "../output/output.js";
import { terminalLine } from "../output/terminal-text.js";
import { resolveModel } from "../model/resolve.js";
import { quantCatalogue } from "../quant/catalogue.js";
import { quantRows, quantThatFits } from "../apps/quant-listing.js";
import { FITS_ALLOWANCE_BYTES, FITS_ALLOWANCE_TEXT, formatBytes, parseMemorySize } from "../apps/memory.js";

/** `hubref quant-types --for MODEL [--fits SIZE]`. */
export async function runQuantTypesFor(arg: string, options: QuantTypesOptions, context: CommandContext): Promise<void> {
  const fits = options.fits === undefined ? undefined : parseMemorySize(options.fits);
  const model = await resolveModel(arg, { env: context.env, stderr: context.stderr, sizes: true });
  const catalogue = quantCatalogue();
  const print = (text: string) => context.stdout.write(text);

  if (fits !== undefined) {
    const choice = quantThatFits(model, catalogue, fits);
    for (const note of choice.notes) context.stderr.write(`note: ${terminalLine(note)}\n`);
    context.stderr.write(`note: memory needed = ${FITS_ALLOWANCE_TEXT}\n`);
    const { variant } = choice;
    if (options.json)
      print(
        renderJson({
          model: model.id,
          fits,
          allowance: FITS_ALLOWANCE_BYTES,
          quant: variant.label,
          file: variant.file,
          shards: variant.shards,
          size: variant.size ?? null,
        }),
      );
    else print(`${variant.label}\n`);
    return;
  }

  const rows = quantRows(model, catalogue);
  if (options.json) {
    print(renderJson(rows));
    return;
  }
  const style = await styleFor(context.stdout, context.env);
  const aligned = Boolean(context.stdout.isTTY);
  const none = aligned ? "-" : "";
  print(
    renderTable({
      header: ["QUANT", "SPLIT", "SIZE", "BITS/WEIGHT", "FILE"],
      rows: rows.map((row) => [
        row.projector ? `mmproj ${row.quant ?? ""}`.trim() : (row.quant ?? none),
        row.shards > 1 ? `${row.shards} files` : "1 file",
        row.size === null ? none : formatBytes(row.size),
        row.bitsPerWeight === null ? none : row.bitsPerWeight.toFixed(2),
        // A file name is the repository owner's text: at a terminal, through the sanitiser.
        aligned ? terminalLine(row.file) : row.file,
      ]),
      style,
      aligned,
    }),
  );
}
