import { hubOf, terminalOf, type CommandContext } from "./context.js";
import type { SnippetCommandOptions } from "./snippet-options.js";
import { renderJson } from "../output/output.js";
import { JsonArrayWriter } from "../output/stream-writer.js";
import { resolveModelArgument, type ModelSource } from "../model/resolve.js";
import type { Hub } from "../model/hub/hub.js";
import type { RouterFacts } from "../model/router/facts.js";
import { neededFeatures } from "../inference/provider-features.js";
import type { ModelData } from "../model/schema.js";
import { commentLine } from "../format/languages.js";
import type { InferenceBlock } from "../blocks/code-block.js";
import { inferenceBlocks } from "../blocks/model-blocks.js";
import { batchBlocks, batchJson, CheckedModels, inferenceJson, inferenceTitle, modelRef } from "../blocks/json-batch.js";
import { Batch, mixedLanguagesNote } from "./snippet-batch.js";
import type { SettledOptions } from "../inference/snippet.js";
import { printLibraryBlocks } from "./snippet-library.js";
import { parseSnippetCommand, type SnippetCommand } from "./snippet-command.js";
import { readToolFiles } from "./tool-files.js";

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
      const title = inferenceTitle(snippet);
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

async function printInference(command: InferenceCommand, context: CommandContext): Promise<void> {
  const hub = hubOf(context, command);
  const batch = new Batch(command.models.length, command.verbose, context.stderr);
  if (command.json && batch.several) {
    await streamJsonSnippets(command.models, routerFactsOnce(command, hub), hub, batch, context);
    return;
  }
  const blocks: InferenceBlock[] = [];
  let last: ModelData | undefined;
  const withRouter = routerFactsOnce(command, hub);
  await batch.each(command.models, async (arg) => {
    const { model, source } = await resolveModelArgument(arg, hub);
    last = model;
    blocks.push(...modelBlocks(model, await withRouter(source.kind), batch, modelRef(arg, model)));
  });
  if (blocks.length === 0 && !batch.several) throw batch.nothing(last);
  mixedLanguagesNote(
    blocks.map((block) => block.language),
    command,
    context,
  );
  context.stdout.write(command.json ? renderJson(blocks.map(inferenceJson)) : renderSnippets(blocks, batch.several));
  batch.finish(context);
}

/**
 * The options for one model, with the router's list where --tools or --schema
 * needs it checked (src/inference/provider-features.ts decides): read at most
 * once a run, and only for a model from the hub, since a model file is read
 * without the network.
 */
function routerFactsOnce(command: InferenceCommand, hub: Hub): (source: ModelSource["kind"]) => Promise<SettledOptions> {
  const options = command.options;
  let facts: Promise<RouterFacts> | undefined;
  return async (source) => {
    if (source !== "hub" || neededFeatures(options).length === 0 || options.endpointUrl !== undefined) return options;
    if (facts === undefined) {
      const { loadRouterFacts } = await import("../model/router/load.js");
      facts = loadRouterFacts(hub);
    }
    return { ...options, router: await facts };
  };
}

/** One model's blocks; what it says goes to the batch. With one model, a refusal is the command's error. */
function modelBlocks(model: ModelData, options: SettledOptions, batch: Batch, ref: string): InferenceBlock[] {
  if (!batch.several) {
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
 * first (CheckedModels); one that cannot be read is the batch's failure.
 * Reading the files ahead on libuv's threads was measured slower than these
 * synchronous reads, and making the snippets on worker threads no faster on
 * two cores (README, Performance).
 */
async function streamJsonSnippets(
  models: string[],
  withRouter: (source: ModelSource["kind"]) => Promise<SettledOptions>,
  hub: Hub,
  batch: Batch,
  context: CommandContext,
): Promise<void> {
  const checked = new CheckedModels(KEPT_FILE_BYTES);
  const read = new Map<number, ModelSource["kind"]>();
  await batch.each(models, async (arg, index) => {
    read.set(index, await checked.check(index, arg, hub));
  });
  const out = new JsonArrayWriter(context.stdout);
  for (const [index, arg] of models.entries()) {
    if (!read.has(index)) continue;
    const model = await checked.take(index, arg);
    const { elements, count, report } = batchJson(model, await withRouter(read.get(index)!), modelRef(arg, model));
    batch.record(report);
    await out.addWritten(elements, count);
  }
  await out.end();
  batch.finish(context);
}
