import { openSync } from "node:fs";
import { ReadStream } from "node:tty";
import type { CommandContext } from "./context.js";
import type { SnippetCommandOptions } from "./snippet-options.js";
import { HubrefError, usageError } from "../errors.js";
import type { ModelData } from "../model/schema.js";
import type { SettledOptions } from "../inference/snippet.js";
import { generateSnippets, onlyRunsLocally } from "../inference/engine.js";
import { isChatModel } from "../inference/chat-models.js";
import { SnippetProblem } from "../inference/problem.js";
import { hasSnippetGenerator } from "../libraries/registry.js";
import { chosenProvider, providerChoices } from "../inference/model-for-provider.js";
import { hasProviderMapping, requireProvider } from "../model/provider-mapping.js";
import { generateAppSnippets } from "../apps/generate.js";
import { localRuns } from "../apps/local-runs.js";
import { modelLibrarySnippets } from "./snippet-library.js";
import type { PickerInput, PickerPresets, PickerResult, PickerToggles, SnippetEntry } from "../ui/types.js";

/*
 * `hubref snippet MODEL -i`: everything the picker can show for one model.
 * The picker (Ink) is imported only here, and only once a terminal is sure.
 */

/** Said in the picker's header for a model whose metadata maps no provider. */
export const NO_PROVIDER_NOTICE = "no inference provider serves this model";

/** hubref's own errors are the user's to see; anything else is a bug and stays loud. */
function problemOf(error: unknown): string {
  if (error instanceof HubrefError || error instanceof SnippetProblem) return error.message;
  throw error;
}

function inferenceEntries(model: ModelData, base: SettledOptions, toggles: PickerToggles, report: (problem: string) => void): SnippetEntry[] {
  const entries: SnippetEntry[] = [];
  // The engine's choices, so auto means to the picker what it means to the command.
  for (const provider of providerChoices(model)) {
    // auto lets the hub choose, so there is no provider to call directly.
    if (toggles.direct && provider === "auto") continue;
    const options: SettledOptions = { ...base, language: undefined, client: undefined, provider, stream: toggles.stream, direct: toggles.direct };
    try {
      for (const snippet of generateSnippets(model, options).snippets) {
        entries.push({ source: "inference", language: snippet.language, client: snippet.client, provider: snippet.provider, content: snippet.content });
      }
    } catch (error) {
      report(problemOf(error));
    }
  }
  return entries;
}

async function libraryEntries(model: ModelData): Promise<{ entries: SnippetEntry[]; problem?: string }> {
  const library = model.library_name;
  if (library === undefined || !hasSnippetGenerator(library)) return { entries: [] };
  try {
    const blocks = await modelLibrarySnippets(model);
    return { entries: blocks.map((block) => ({ source: "library", language: block.language, client: block.library, provider: "", content: block.content })) };
  } catch (error) {
    return { entries: [], problem: problemOf(error) };
  }
}

/** Each app that runs the model, with each quant it loads: what `--app KEY --quant Q` prints. */
function localEntries(model: ModelData): { entries: SnippetEntry[]; problems: string[] } {
  const { runs, problems } = localRuns(model);
  const entries = runs.map((run): SnippetEntry => {
    const local: SnippetEntry["local"] = { appLabel: run.appLabel };
    if (run.quant) local.quant = run.quant;
    if (run.link !== undefined) local.link = run.link;
    return { source: "local", language: run.kind === "deeplink" ? "url" : "sh", client: run.app, provider: "", content: run.content, local };
  });
  return { entries, problems };
}

/** What the picker shows for one model, from the command's settled options and its other choices. */
export async function pickerInput(model: ModelData, base: SettledOptions, presets: PickerPresets = {}): Promise<PickerInput> {
  const library = await libraryEntries(model);
  const local = localEntries(model);
  const localOnly = onlyRunsLocally(model);
  const canStream = isChatModel(model);
  // The first screen's snippets are built once: to check there is something to show, then to show it.
  const built = new Map<string, { entries: SnippetEntry[]; problems: string[] }>();
  const build = (toggles: PickerToggles) => {
    const key = `${toggles.stream} ${toggles.direct}`;
    let found = built.get(key);
    if (!found) {
      const problems: string[] = [];
      const report = (problem: string) => problems.push(problem);
      if (library.problem !== undefined) report(library.problem);
      // Why an app that runs the model offers nothing here: what `snippet --app KEY` would exit with.
      for (const problem of local.problems) report(problem);
      // No provider maps it: every provider would be offered, and none serves it.
      const inference = localOnly ? [] : inferenceEntries(model, base, toggles, report);
      found = { entries: [...inference, ...library.entries, ...local.entries], problems };
      built.set(key, found);
    }
    return found;
  };
  return {
    model: {
      id: model.id,
      ...(model.pipeline_tag ? { pipelineTag: model.pipeline_tag } : {}),
      ...(model.library_name ? { libraryName: model.library_name } : {}),
    },
    ...(!hasProviderMapping(model) ? { notice: NO_PROVIDER_NOTICE } : {}),
    loadSnippets: (toggles, report = () => {}) => {
      const { entries, problems } = build(toggles);
      for (const problem of problems) report(problem);
      return entries;
    },
    canStream,
    initialProvider: chosenProvider(model, base),
    initialToggles: { stream: base.stream && canStream, direct: base.direct },
    presets,
  };
}

/** Whether the interactive picker opens: asked for, or a person at a terminal who chose nothing yet. */
export function wantsPicker(
  raw: { interactive?: boolean; language?: string; client?: string; json: boolean; library?: boolean },
  context: CommandContext,
): boolean {
  if (raw.interactive) return true;
  const atTerminal = context.stdinIsTTY && Boolean(context.stdout.isTTY);
  return atTerminal && raw.language === undefined && raw.client === undefined && !raw.json && !raw.library;
}

/**
 * The command line's choices for the picker's first screen. An app or quant is
 * checked as `--app KEY --quant Q` checks it, so a wrong one exits 2 with the
 * same message before the screen opens.
 */
export function pickerPresets(model: ModelData, raw: SnippetCommandOptions): PickerPresets {
  if (raw.file !== undefined || raw.fits !== undefined)
    throw usageError("the picker chooses a GGUF file by quant: use --quant with -i", "or leave out -i to print the commands for --file or --fits");
  const presets: PickerPresets = {};
  if (raw.app !== undefined) {
    if (raw.library) throw usageError("--app does not go with --library");
    const result = generateAppSnippets(model, raw.app, raw.quant === undefined ? {} : { quant: raw.quant });
    const first = result.snippets[0]!;
    presets.source = "local";
    presets.app = first.app;
    if (raw.quant !== undefined && first.quant !== null) presets.quant = first.quant;
    return presets;
  }
  if (raw.library) presets.source = "library";
  else if (raw.language !== undefined || raw.client !== undefined || raw.stream || raw.direct || (raw.provider !== undefined && raw.provider !== "auto"))
    presets.source = "inference";
  if (raw.language !== undefined) presets.language = raw.language;
  if (raw.client !== undefined) presets.client = raw.client;
  return presets;
}

/** The same error the printing command gives for a model with nothing to show. */
function nothingToShow(model: ModelData, base: SettledOptions, problems: string[]): HubrefError {
  const printed = generateSnippets(model, base);
  const all = [...printed.problems, ...problems];
  return usageError(all.length > 0 ? [...new Set(all)].join("\nerror: ") : "no snippet for these options");
}

/**
 * Keys come from the terminal. When stdin carries the model (`cat m.json |
 * hubref snippet - -i`), they are read from /dev/tty instead.
 */
function keyboard(models: string[]): NodeJS.ReadStream | undefined {
  if (process.stdin.isTTY || !models.includes("-")) return undefined;
  let fd: number;
  try {
    fd = openSync("/dev/tty", "r");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw usageError(
      `the model came on stdin, and the terminal (/dev/tty) cannot be opened for keys (${reason})`,
      "pass the model as a file or hub id, or leave out -i",
    );
  }
  return new ReadStream(fd) as NodeJS.ReadStream;
}

export async function runSnippetPicker(
  models: ModelData[],
  args: string[],
  base: SettledOptions,
  raw: SnippetCommandOptions,
  context: CommandContext,
): Promise<void> {
  if (models.length !== 1) throw usageError("the interactive picker shows one model at a time", "pass one MODEL, or leave out -i");
  const model = models[0]!;
  // A provider the mapping does not offer: the printing command's usage error, not the picker on another provider.
  if (base.provider !== "auto" && base.endpointUrl === undefined) requireProvider(model, base.provider);
  const input = await pickerInput(model, base, pickerPresets(model, raw));
  const problems: string[] = [];
  if (input.loadSnippets(input.initialToggles ?? { stream: false, direct: false }, (problem) => problems.push(problem)).length === 0)
    throw nothingToShow(model, base, problems);
  const stdin = keyboard(args);
  const { runPicker } = await import("../ui/run-picker.js");
  const { pickerSummary } = await import("../ui/summary.js");
  let result: PickerResult;
  try {
    result = await runPicker(input, stdin ? { stdin } : {});
  } finally {
    stdin?.destroy();
  }
  context.stderr.write(pickerSummary(result));
  // Ctrl+C: the shell convention for an interrupted program.
  if (result.interrupted) context.exitCode = 130;
}
