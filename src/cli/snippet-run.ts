import { resolveOptionsOf, terminalOf, type CommandContext } from "./context.js";
import type { SnippetCommandOptions } from "./snippet-options.js";
import type { HubrefError } from "../errors.js";
import { renderJson } from "../output/output.js";
import { count, GroupedNotes, type NoteKind } from "../output/grouped-notes.js";
import { JsonArrayWriter } from "../output/stream-writer.js";
import { resolveModel, type ResolveOptions } from "../model/resolve.js";
import type { ModelData } from "../model/schema.js";
import { commentLine } from "../format/languages.js";
import type { InferenceBlock } from "../blocks/code-block.js";
import { inferenceBlocks, noBlocksError } from "../blocks/model-blocks.js";
import { batchBlocks, batchJson, CheckedModels, inferenceJson, modelRef, type ModelReport } from "../blocks/json-batch.js";
import type { SettledOptions } from "../inference/snippet.js";
import { printLibraryBlocks } from "./snippet-library.js";
import { parseSnippetCommand, type SnippetCommand } from "./snippet-command.js";
import { readToolFiles } from "./tool-files.js";
import { terminalLine } from "../output/terminal-text.js";

/*
 * Running `hubref snippet`: the flags parsed once into a typed command, then
 * the one runner for its mode. This file prints; the blocks come from
 * src/blocks/.
 */

/** Several snippets, each under a comment line in its own language; the line names the model when several were given. */
export function renderSnippets(snippets: readonly InferenceBlock[], severalModels: boolean): string {
  if (snippets.length === 1 && !severalModels) return snippets[0]!.content;
  return snippets
    .map((snippet) => {
      const title = `${snippet.language} / ${snippet.client} / ${snippet.provider}`;
      return `${commentLine(snippet.language, severalModels ? `${snippet.model}: ${title}` : title)}\n${snippet.content}`;
    })
    .join("\n");
}

export async function runSnippet(models: string[], raw: SnippetCommandOptions, context: CommandContext): Promise<void> {
  const command = parseSnippetCommand(models, raw, terminalOf(context), await readToolFiles(raw));
  await runSnippetCommand(command, context);
}

export async function runSnippetCommand(command: SnippetCommand, context: CommandContext): Promise<void> {
  switch (command.mode) {
    case "app": {
      const { runAppSnippet } = await import("./snippet-app.js");
      return runAppSnippet(command, context);
    }
    case "library":
      return printLibraryBlocks(command, context);
    case "picker": {
      const { runSnippetPicker } = await import("./snippet-interactive.js");
      return runSnippetPicker(command, context);
    }
    case "inference":
      return printInference(command, context);
  }
}

type InferenceCommand = Extract<SnippetCommand, { mode: "inference" }>;

/**
 * What a run over one or more models has to say besides the code. With one
 * model (or --verbose) each line goes out as it comes; with several, lines
 * that differ only by the model are grouped and printed after the output.
 */
class Batch {
  readonly grouped = new GroupedNotes();
  /** Models that produced no snippet, with why. */
  readonly failed: { model: string; problems: string[] }[] = [];
  readonly hints: string[] = [];
  constructor(
    readonly total: number,
    private readonly verbose: boolean,
    private readonly stderr: CommandContext["stderr"],
  ) {}

  say(kind: NoteKind, model: string, text: string, ref: string): void {
    if (this.total === 1 || this.verbose) this.stderr.write(`${kind}: ${terminalLine(text)}\n`);
    else this.grouped.add(kind, model, text, ref);
  }

  /** What one model said, in the batch's order. */
  record(report: ModelReport): void {
    const { model, ref } = report;
    if ("refused" in report) {
      this.failed.push({ model, problems: [report.refused] });
      return;
    }
    this.hints.push(...report.hints);
    for (const note of report.notes) this.say("note", model, note, ref);
    for (const warning of report.warnings) this.say("warning", model, warning, ref);
    if (report.made === 0) this.failed.push({ model, problems: report.problems });
    else for (const problem of report.problems) this.say("warning", model, problem, ref);
  }

  /** After the output: the grouped lines, and which models produced nothing (exit 1, as grep does with a missing file). */
  finish(context: CommandContext): void {
    for (const { model, problems } of this.failed) for (const problem of problems) this.grouped.add("warning", model, problem);
    this.grouped.write(this.stderr, this.total);
    if (this.failed.length === 0) return;
    const names = this.failed.slice(0, 3).map((failure) => failure.model);
    const more = this.failed.length > 3 ? ", …" : "";
    this.stderr.write(`error: ${count(this.failed.length)} of ${count(this.total)} models produced no snippet: ${terminalLine(names.join(", "))}${more}\n`);
    context.exitCode = 1;
  }

  /** No model produced anything: the usage error, with every reason. */
  nothing(onlyModel?: ModelData): HubrefError {
    return noBlocksError({ problems: this.failed.flatMap((failure) => failure.problems), hints: this.hints }, onlyModel);
  }
}

async function printInference(command: InferenceCommand, context: CommandContext): Promise<void> {
  const resolveOptions = resolveOptionsOf(command, context);
  const batch = new Batch(command.models.length, command.verbose, context.stderr);
  if (command.json && command.models.length > 1) {
    await streamJsonSnippets(command.models, command.options, resolveOptions, batch, context);
    return;
  }
  const loaded: ModelData[] = [];
  for (const arg of command.models) loaded.push(await resolveModel(arg, resolveOptions));
  const blocks: InferenceBlock[] = [];
  for (const [index, model] of loaded.entries()) blocks.push(...modelBlocks(model, command.options, batch, modelRef(command.models[index]!, model)));
  if (blocks.length === 0) throw batch.nothing(loaded.length === 1 ? loaded[0] : undefined);
  context.stdout.write(command.json ? renderJson(blocks.map(inferenceJson)) : renderSnippets(blocks, loaded.length > 1));
  batch.finish(context);
}

/** One model's blocks; what it says goes to the batch. With one model, a refusal is the command's error. */
function modelBlocks(model: ModelData, options: SettledOptions, batch: Batch, ref: string): InferenceBlock[] {
  if (batch.total === 1) {
    const { blocks, ...said } = inferenceBlocks(model, options, ref);
    batch.record({ model: model.id, ref, made: blocks.length, ...said });
    return blocks;
  }
  const { blocks, report } = batchBlocks(model, options, ref);
  batch.record(report);
  return blocks;
}

/**
 * The model files whose parsed models a batch keeps between its check and its output, in bytes of file:
 * reading and parsing them again was about a tenth of a batch's time. A parsed model takes several times
 * its file's bytes; 4 MB of files is about 5,000 of the example models.
 */
const KEPT_FILE_BYTES = 4_000_000;

/**
 * `--json` for several models, written as each model's snippets are made, so
 * memory does not grow with the output. Every model is read and checked
 * first (CheckedModels), so bad input stops the command before any output.
 * Reading the files ahead on libuv's threads was measured slower than these
 * synchronous reads, and making the snippets on worker threads no faster on
 * two cores (README, Performance).
 */
async function streamJsonSnippets(
  models: string[],
  options: SettledOptions,
  resolveOptions: ResolveOptions,
  batch: Batch,
  context: CommandContext,
): Promise<void> {
  const checked = new CheckedModels(KEPT_FILE_BYTES);
  for (const [index, arg] of models.entries()) await checked.check(index, arg, resolveOptions);
  const out = new JsonArrayWriter(context.stdout);
  for (const [index, arg] of models.entries()) {
    const model = await checked.take(index, arg);
    const { elements, count, report } = batchJson(model, options, modelRef(arg, model));
    batch.record(report);
    await out.addWritten(elements, count);
  }
  if (out.length === 0) throw batch.nothing();
  await out.end();
  batch.finish(context);
}
