import type { Command } from "commander";
import type { CommandContext } from "./context.js";
import { cacheOptions, checkFlags, givenValue, runSettingOptions, sharedOption } from "./flag-rules.js";
import { fitsOptions } from "./fits-options.js";
import { fail } from "../outcome/problems.js";
import { usageError } from "../errors.js";
import { renderJson, renderTable, styleFor, terminalColumns } from "../output/output.js";
import { bitsPerWeight, quantCatalogue } from "../quant/catalogue.js";
import { parseQuantLabel, quantTypeOfLabel } from "../quant/parse.js";
import { nearestQuant } from "../quant/nearest.js";
import { didYouMean } from "../util/suggest.js";
import type { QuantTypesCommand, QuantTypesOptions } from "./quant-types-options.js";

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
  const command = program
    .command("quant-types")
    .description("GGUF quantization types: list them, read them from file names, pick the nearest")
    .option("--tensor-types", "list the tensor types with block size, bytes per block and bits per weight", false)
    .option("--parse <file-name...>", "print the quantization label in each GGUF file name")
    .option("--nearest <label>", "pick the available quantization nearest to this one (needs --available)")
    .option("--available <labels>", "comma-separated quantizations to choose from", listOfNames);
  sharedOption(command, "for", { description: "a repository's GGUF files grouped by quant, with split counts, sizes and bits per weight" });
  runSettingOptions(command, "with --for", {
    fits: { scope: "with --for", lead: "which quants fit, and the one that runs best: " },
    ctx: "the memory each quant needs at this context size, ",
  });
  sharedOption(cacheOptions(command, "with --for"), "json")
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
      await runQuantTypes(parseQuantTypesCommand(options), context);
    });
}

/** Parses `hubref quant-types`'s flags into one command, or throws the usage error. */
export function parseQuantTypesCommand(raw: QuantTypesOptions): QuantTypesCommand {
  checkFlags("quant-types", (flag) => givenValue(raw[flag]));
  const { json } = raw;
  if (raw.for !== undefined) {
    // Here --ctx alone asks for the estimates without a verdict.
    const estimating = [raw.fits, raw.ctx, raw.cacheType, raw.cacheTypeK, raw.cacheTypeV, raw.flashAttn].some((value) => value !== undefined);
    const options = fitsOptions(raw);
    if (options.local.ctx === "fit") fail({ kind: "ctx-fit-without-file" });
    return { mode: "for", model: raw.for, json, estimating, ...options, offline: raw.offline, refresh: raw.refresh };
  }
  if (raw.parse !== undefined) {
    // An empty name (`--parse ''`, an unset shell variable) has no label to read: a row of nothing would pass for an answer.
    const empty = raw.parse.findIndex((file) => file.trim() === "");
    if (empty >= 0)
      throw usageError(
        raw.parse.length === 1
          ? "--parse takes GGUF file names, and the one given is empty"
          : `--parse takes GGUF file names, and name ${empty + 1} of ${raw.parse.length} is empty`,
        "for example: --parse model-Q4_K_M.gguf",
      );
    return { mode: "parse", files: raw.parse, json };
  }
  if (raw.tensorTypes) return { mode: "tensor-types", json };
  if (raw.nearest === undefined) return { mode: "file-types", json };
  const catalogue = quantCatalogue();
  const known = catalogue.fileTypes.map((type) => type.name);
  // Every label is checked: one dropped in silence would change which type is nearest.
  const typeOf = (label: string) => {
    const type = quantTypeOfLabel(label, catalogue);
    if (!type) throw usageError(`unknown quantization type '${label}'`, didYouMean(label.toUpperCase(), known) ?? "run `hubref quant-types` for the list");
    return type;
  };
  return { mode: "nearest", wanted: typeOf(raw.nearest), available: raw.available!.map(typeOf), json };
}

export async function runQuantTypes(command: QuantTypesCommand, context: CommandContext): Promise<void> {
  if (command.mode === "for") {
    const { runQuantTypesFor } = await import("./quant-types-for.js");
    await runQuantTypesFor(command, context);
    return;
  }
  const catalogue = quantCatalogue();
  const style = await styleFor(context.stdout, context.env);
  const aligned = Boolean(context.stdout.isTTY);
  const print = (text: string) => context.stdout.write(text);

  if (command.mode === "nearest") {
    const { wanted, available } = command;
    const nearest = nearestQuant(wanted, available, catalogue)!;
    print(command.json ? renderJson({ wanted, available, nearest }) : `${nearest}\n`);
    return;
  }

  if (command.mode === "parse") {
    const results = command.files.map((file) => ({ file, quant: parseQuantLabel(file, catalogue) }));
    if (command.json) print(renderJson(results));
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

  if (command.mode === "tensor-types") {
    const types = catalogue.tensorTypes.map((type) => ({ ...type, bitsPerWeight: Number(bitsPerWeight(type).toFixed(4)) }));
    if (command.json) print(renderJson(types));
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

  if (command.json) print(renderJson(catalogue.fileTypes));
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
