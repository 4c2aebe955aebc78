import type { CommandContext } from "./context.js";
import { HubrefError, usageError } from "../errors.js";
import type { ModelData } from "../model/schema.js";
import type { SettledOptions } from "../inference/snippet.js";
import { generateSnippets } from "../inference/engine.js";
import { isChatModel } from "../inference/chat-models.js";
import { SnippetProblem } from "../inference/problem.js";
import { hasSnippetGenerator } from "../libraries/registry.js";
import { PROVIDER_IDS } from "../inference/id-lists.js";
import type { ProviderChoice, ProviderId } from "../inference/ids.js";
import { liveProviders } from "../model/provider-mapping.js";
import { modelLibrarySnippets } from "./snippet-library.js";
import type { PickerInput, PickerToggles, SnippetEntry } from "../ui/types.js";

/*
 * `hubref snippet MODEL -i`: everything the picker can show for one model.
 * The picker (Ink) is imported only here, and only once a terminal is sure.
 */

/** The providers the picker offers: the live ones of the model's mapping, else every provider. */
export function pickerProviders(model: ModelData): ProviderChoice[] {
  const mapped = liveProviders(model)
    .map((mapping) => mapping.provider)
    .filter((provider): provider is ProviderId => (PROVIDER_IDS as readonly string[]).includes(provider));
  return ["auto", ...(mapped.length > 0 ? mapped : PROVIDER_IDS)];
}

/** hubref's own errors are the user's to see; anything else is a bug and stays loud. */
function problemOf(error: unknown): string {
  if (error instanceof HubrefError || error instanceof SnippetProblem) return error.message;
  throw error;
}

function inferenceEntries(model: ModelData, base: SettledOptions, toggles: PickerToggles, report: (problem: string) => void): SnippetEntry[] {
  const entries: SnippetEntry[] = [];
  for (const provider of pickerProviders(model)) {
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

/** What the picker shows for one model, from the command's settled options. */
export async function pickerInput(model: ModelData, base: SettledOptions): Promise<PickerInput> {
  const library = await libraryEntries(model);
  const canStream = isChatModel(model);
  return {
    model: { id: model.id, ...(model.pipeline_tag ? { pipelineTag: model.pipeline_tag } : {}), ...(model.library_name ? { libraryName: model.library_name } : {}) },
    loadSnippets: (toggles, report = () => {}) => {
      if (library.problem !== undefined) report(library.problem);
      return [...inferenceEntries(model, base, toggles, report), ...library.entries];
    },
    canStream,
    initialProvider: base.provider,
    initialToggles: { stream: base.stream && canStream, direct: base.direct },
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

export async function runSnippetPicker(models: ModelData[], base: SettledOptions, context: CommandContext): Promise<void> {
  if (models.length !== 1) throw usageError("the interactive picker shows one model at a time", "pass one MODEL, or leave out -i");
  const input = await pickerInput(models[0]!, base);
  const { runPicker } = await import("../ui/run-picker.js");
  const { pickerSummary } = await import("../ui/summary.js");
  const result = await runPicker(input);
  context.stderr.write(pickerSummary(result));
  // Ctrl+C: the shell convention for an interrupted program.
  if (result.interrupted) process.exitCode = 130;
}
