import type { CommandContext } from "./context.js";
import type { SnippetCommandOptions } from "./snippet-options.js";
import { HubrefError } from "../errors.js";
import { renderJson } from "../output/output.js";
import { JsonArrayWriter } from "../output/stream-writer.js";
import { isModelFile, resolveModel, type ResolveOptions } from "../model/resolve.js";
import type { ModelData } from "../model/schema.js";
import { pyComment } from "../format/python.js";
import { jsComment } from "../format/js.js";
import { shellComment } from "../format/shell.js";
import type { Language } from "../inference/ids.js";
import type { InferenceBlock } from "../blocks/code-block.js";
import { inferenceBlocks, noBlocksError, type Blocks } from "../blocks/model-blocks.js";
import type { SettledOptions } from "../inference/snippet.js";
import { printLibraryBlocks } from "./snippet-library.js";
import { parseSnippetCommand, resolveOptionsOf, terminalOf, type SnippetCommand } from "./snippet-command.js";

/*
 * Running `hubref snippet`: the flags parsed once into a typed command, then
 * the one runner for its mode. This file prints; the blocks come from
 * src/blocks/.
 */

const COMMENT: Record<Language, (text: string) => string> = { python: pyComment, js: jsComment, sh: shellComment };

/** Several snippets, each under a comment line in its own language. */
export function renderSnippets(snippets: readonly InferenceBlock[]): string {
  if (snippets.length === 1) return snippets[0]!.content;
  const models = new Set(snippets.map((snippet) => snippet.model)).size;
  return snippets
    .map((snippet) => {
      const title = `${snippet.language} / ${snippet.client} / ${snippet.provider}`;
      return `${COMMENT[snippet.language](models > 1 ? `${snippet.model}: ${title}` : title)}\n${snippet.content}`;
    })
    .join("\n");
}

/** `--json` prints an inference block as it always has: without its source field. */
function jsonOf({ source: _source, ...snippet }: InferenceBlock) {
  return snippet;
}

export async function runSnippet(models: string[], raw: SnippetCommandOptions, context: CommandContext): Promise<void> {
  const command = parseSnippetCommand(models, raw, terminalOf(context));
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
  const resolveOptions = resolveOptionsOf(command, context);
  if (command.json && command.models.length > 1) {
    await streamJsonSnippets(command.models, command.options, resolveOptions, context);
    return;
  }
  const loaded: ModelData[] = [];
  for (const arg of command.models) loaded.push(await resolveModel(arg, resolveOptions));
  const blocks: InferenceBlock[] = [];
  const shortfalls: Shortfalls = { problems: [], hints: [] };
  for (const model of loaded) blocks.push(...modelBlocks(model, command.options, loaded.length, shortfalls, context));
  if (blocks.length === 0) throw noBlocksError(shortfalls, loaded.length === 1 ? loaded[0] : undefined);
  for (const problem of shortfalls.problems) context.stderr.write(`warning: ${problem}\n`);
  context.stdout.write(command.json ? renderJson(blocks.map(jsonOf)) : renderSnippets(blocks));
}

/** What the models that gave no snippet said: the reasons, and the ways forward. */
interface Shortfalls {
  problems: string[];
  hints: string[];
}

/** One model's blocks; its notes and warnings go to stderr, its problems and hints into `shortfalls`. */
function modelBlocks(
  model: ModelData,
  options: SettledOptions,
  modelCount: number,
  { problems, hints }: Shortfalls,
  context: CommandContext,
): InferenceBlock[] {
  let result: Blocks<InferenceBlock>;
  try {
    result = inferenceBlocks(model, options);
  } catch (error) {
    // With several models, one the provider does not serve should not stop the others.
    if (!(error instanceof HubrefError) || modelCount === 1) throw error;
    problems.push(error.message);
    return [];
  }
  problems.push(...result.problems);
  hints.push(...result.hints);
  for (const note of result.notes) context.stderr.write(`note: ${note}\n`);
  for (const warning of result.warnings) context.stderr.write(`warning: ${warning}\n`);
  return result.blocks;
}

/**
 * `--json` for several models, written as each model's snippets are made, so
 * memory does not grow with the output. Every model is read and checked
 * first, so bad input stops the command before any output. Only what cannot
 * be read twice (stdin) or cheaply (the hub) is kept from that first pass;
 * files are read again. Reading them ahead on libuv's threads was measured
 * slower than these synchronous reads (README, Performance).
 */
async function streamJsonSnippets(models: string[], options: SettledOptions, resolveOptions: ResolveOptions, context: CommandContext): Promise<void> {
  const kept = new Map<number, ModelData>();
  for (const [index, arg] of models.entries()) {
    const model = await resolveModel(arg, resolveOptions);
    if (!isModelFile(arg)) kept.set(index, model);
  }
  const out = new JsonArrayWriter(context.stdout);
  const shortfalls: Shortfalls = { problems: [], hints: [] };
  for (const [index, arg] of models.entries()) {
    const model = kept.get(index) ?? (await resolveModel(arg, resolveOptions));
    for (const block of modelBlocks(model, options, models.length, shortfalls, context)) await out.add(jsonOf(block));
  }
  if (out.length === 0) throw noBlocksError(shortfalls);
  for (const problem of shortfalls.problems) context.stderr.write(`warning: ${problem}\n`);
  await out.end();
}
