import { planAccessOf, type CommandContext } from "./context.js";
import { renderJson } from "../output/output.js";
import { terminalLine } from "../output/terminal-text.js";
import { resolveModelArgument } from "../model/resolve.js";
import type { LibraryBlock } from "../blocks/code-block.js";
import { libraryBlocks } from "../blocks/model-blocks.js";
import { commentLine } from "../format/languages.js";
import { libraryJson, libraryTitle } from "../blocks/json-batch.js";
import { Batch } from "./snippet-batch.js";
import type { SnippetCommand } from "./snippet-command.js";
import type { AppNote } from "../apps/steps.js";
import type { PlanReport } from "../local/report.js";
import { runVerdict, saidLines } from "./local-words.js";

/*
 * `hubref snippet MODEL --library`: the usage code of the model's own library,
 * as a model page shows it, instead of inference API calls. For a GGUF
 * repository, llama-cpp-python's code loads the file a local run chose
 * (src/local/, as `--app` chooses it), with the run's settings.
 */

/**
 * One block prints as it is; several each get a comment line naming library and language, what sets the
 * block apart when its generator says (`transformers (python, pipeline)`), and the model when several were given.
 */
export function renderLibraryBlocks(blocks: readonly LibraryBlock[], severalModels: boolean): string {
  if (blocks.length === 1 && !severalModels) return withNewline(blocks[0]!.content);
  return blocks
    .map((block) => {
      const title = libraryTitle(block);
      return `${commentLine(block.language, severalModels ? `${block.model}: ${title}` : title)}\n${withNewline(block.content)}`;
    })
    .join("\n");
}

function withNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}

export async function printLibraryBlocks(command: Extract<SnippetCommand, { mode: "library" }>, context: CommandContext): Promise<void> {
  const batch = new Batch(command.models.length, command.verbose, context.stderr);
  const blocks: LibraryBlock[] = [];
  const json: (ReturnType<typeof libraryJson> & { plan?: PlanReport })[] = [];
  const notes: string[] = [];
  const { local } = command;
  await batch.each(command.models, async (arg) => {
    const access = planAccessOf(context, command);
    const resolved = await resolveModelArgument(arg, access.hub, { sizes: local.machine !== undefined });
    const { planLocalRun } = await import("../local/run.js");
    const run = await planLocalRun(resolved, local, "llama-cpp-python", access);
    const said: AppNote[] = [...run.notes];
    const made = await libraryBlocks(resolved.model, command.language, { local: run, notes: said });
    notes.push(...saidLines(said), ...runVerdict(run, command.verbose).map((line) => `note: ${terminalLine(line)}`));
    const { planReport } = await import("../local/report.js");
    const report = run.plan && run.machine ? planReport(run.plan, run.machine) : undefined;
    blocks.push(...made);
    json.push(...made.map((block) => ({ ...libraryJson(block), ...(report && { plan: report }) })));
  });
  for (const line of notes) context.stderr.write(`${line}\n`);
  context.stdout.write(command.json ? renderJson(json) : renderLibraryBlocks(blocks, batch.several));
  batch.finish(context);
}
