import type { Command } from "commander";
import type { CommandContext } from "./context.js";
import { usageError } from "../errors.js";
import { renderJson, renderTable, styleFor, terminalColumns } from "../output/output.js";
import { bitsPerWeight, quantCatalogue } from "../quant/catalogue.js";
import { parseQuantLabel, quantTypeOfLabel } from "../quant/parse.js";
import { nearestQuant } from "../quant/nearest.js";
import { didYouMean } from "../util/suggest.js";
import type { QuantTypesOptions } from "./quant-types-options.js";

function listOfNames(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean),
  ];
}

export function registerQuantTypes(program: Command, context: CommandContext): void {
  program
    .command("quant-types")
    .description("GGUF quantization types: list them, read them from file names, pick the nearest")
    .option("--tensor-types", "list the tensor types with block size, bytes per block and bits per weight", false)
    .option("--parse <file-name...>", "print the quantization label in each GGUF file name")
    .option("--nearest <label>", "pick the available quantization nearest to this one (needs --available)")
    .option("--available <labels>", "comma-separated quantizations to choose from", listOfNames)
    .option("--for <model>", "a repository's GGUF files grouped by quant, with split counts, sizes and bits per weight")
    .option("--fits <memory>", 'with --for: which quants fit, and the largest: a size (16GB), hardware ("RTX 4090", "M3 Max:64", 2x3090) or auto')
    .option("--ctx <tokens>", "with --for: the memory each quant needs at this context size, or max (default: the trained length, at most 8192)")
    .option("--cache-type <type>", "with --for: the KV cache type, f16 (default), q8_0 or q4_0")
    .option("--offline", "with --for: use only the cached hub metadata, never the network", false)
    .option("--refresh", "with --for: fetch the hub metadata again, ignoring the cache", false)
    .option("--json", "print JSON", false)
    .addHelpText(
      "after",
      `
Examples:
  $ hubref quant-types                      # file types, largest first
  $ hubref quant-types --tensor-types --json
  $ hubref quant-types --parse model-UD-Q4_K_XL-00001-of-00003.gguf gpt-oss-20b-MXFP4.gguf
  $ hubref quant-types --nearest Q4_K_M --available Q8_0,Q3_K_M,Q2_K
  $ hubref quant-types --for bartowski/Llama-3.2-3B-Instruct-GGUF
  $ hubref quant-types --for bartowski/Llama-3.2-3B-Instruct-GGUF --fits 8GB
  $ hubref quant-types --for bartowski/Llama-3.2-3B-Instruct-GGUF --fits "RTX 4090" --ctx 32768`,
    )
    .action(async (options: QuantTypesOptions) => {
      await runQuantTypes(options, context);
    });
}

export async function runQuantTypes(options: QuantTypesOptions, context: CommandContext): Promise<void> {
  const modes = [options.tensorTypes, options.parse !== undefined, options.nearest !== undefined, options.for !== undefined].filter(Boolean).length;
  if (modes > 1) throw usageError("--tensor-types, --parse, --nearest and --for go one at a time");
  if ((options.fits !== undefined || options.ctx !== undefined || options.cacheType !== undefined) && options.for === undefined)
    throw usageError("--fits, --ctx and --cache-type go with --for", "for example: --for bartowski/Llama-3.2-3B-Instruct-GGUF --fits 8GB");
  // Every command that takes a hub id takes the cache flags; here only --for does.
  if ((options.offline || options.refresh) && options.for === undefined) throw usageError("--offline and --refresh go with --for");
  if (options.offline && options.refresh) throw usageError("--offline and --refresh contradict each other", "use one of them");
  if (options.for !== undefined) {
    const { runQuantTypesFor } = await import("./quant-types-for.js");
    await runQuantTypesFor(options.for, options, context);
    return;
  }
  if ((options.nearest === undefined) !== (options.available === undefined)) {
    throw usageError("--nearest and --available go together", "for example: --nearest Q4_K_M --available Q8_0,Q3_K_M");
  }
  const catalogue = quantCatalogue();
  const style = await styleFor(context.stdout, context.env);
  const aligned = Boolean(context.stdout.isTTY);
  const print = (text: string) => context.stdout.write(text);

  if (options.nearest !== undefined) {
    const known = catalogue.fileTypes.map((type) => type.name);
    // Every label is checked: one dropped in silence would change which type is nearest.
    const typeOf = (label: string) => {
      const type = quantTypeOfLabel(label, catalogue);
      if (!type) throw usageError(`unknown quantization type '${label}'`, didYouMean(label.toUpperCase(), known) ?? "run `hubref quant-types` for the list");
      return type;
    };
    const wanted = typeOf(options.nearest);
    const available = options.available!.map(typeOf);
    const nearest = nearestQuant(wanted, available, catalogue)!;
    print(options.json ? renderJson({ wanted, available, nearest }) : `${nearest}\n`);
    return;
  }

  if (options.parse !== undefined) {
    const results = options.parse.map((file) => ({ file, quant: parseQuantLabel(file, catalogue) }));
    if (options.json) print(renderJson(results));
    else
      print(
        renderTable({
          header: ["FILE", "QUANT"],
          rows: results.map((r) => [r.file, r.quant ?? (aligned ? style.dim("-") : "")]),
          style,
          aligned,
          width: terminalColumns(context.stdout),
        }),
      );
    return;
  }

  if (options.tensorTypes) {
    const types = catalogue.tensorTypes.map((type) => ({ ...type, bitsPerWeight: Number(bitsPerWeight(type).toFixed(4)) }));
    if (options.json) print(renderJson(types));
    else
      print(
        renderTable({
          header: ["NAME", "ID", "BLOCK", "BYTES/BLOCK", "BITS/WEIGHT"],
          rows: types.map((type) => [type.name, String(type.id), String(type.blockSize), String(type.bytesPerBlock), String(type.bitsPerWeight)]),
          style,
          aligned,
          width: terminalColumns(context.stdout),
        }),
      );
    return;
  }

  if (options.json) print(renderJson(catalogue.fileTypes));
  else
    print(
      renderTable({
        header: ["NAME", "ID"],
        rows: catalogue.fileTypes.map((type) => [type.name, String(type.id)]),
        style,
        aligned,
        width: terminalColumns(context.stdout),
      }),
    );
}
