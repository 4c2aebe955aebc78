import { planAccessOf, type CommandContext } from "./context.js";
import { renderJson } from "../output/output.js";
import { terminalLine } from "../output/terminal-text.js";
import { resolveModelArgument } from "../model/resolve.js";
import type { FileRequest } from "../apps/select.js";
import type { LibraryBlock } from "../blocks/code-block.js";
import { libraryBlocks, type LibraryFiles } from "../blocks/model-blocks.js";
import { commentLine } from "../format/languages.js";
import { libraryJson, libraryTitle } from "../blocks/json-batch.js";
import { Batch } from "./snippet-batch.js";
import type { SnippetCommand } from "./snippet-command.js";
import { runPlannerFor } from "../apps/fits-plan.js";
import { describePlan, planReport } from "../apps/fit-verdict.js";

/*
 * `hubref snippet MODEL --library`: the usage code of the model's own library,
 * as a model page shows it, instead of inference API calls.
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
  const json: (ReturnType<typeof libraryJson> & { plan?: ReturnType<typeof planReport> })[] = [];
  const notes: string[] = [];
  await batch.each(command.models, async (arg) => {
    const access = planAccessOf(context, command);
    const resolved = await resolveModelArgument(arg, access.hub, { sizes: command.fits !== undefined });
    const planner = await runPlannerFor(command, resolved, access);
    const request: FileRequest = { ...command.files };
    if (planner) notes.push(...planner.notes);
    // --fits picks the quant unless one is named; then it plans that one.
    if (planner?.fits && request.quant === undefined && request.file === undefined) request.fits = planner.fits;
    const files: LibraryFiles = { request, notes, ...(planner && { planner }) };
    const made = await libraryBlocks(resolved.model, command.language, files);
    const plan = files.planned?.plan;
    if (plan && planner?.fits) notes.push(...describePlan(plan, planner.fits.budget, command.verbose));
    const report = plan && planner?.fits ? planReport(plan, planner.fits.budget) : undefined;
    blocks.push(...made);
    json.push(...made.map((block) => ({ ...libraryJson(block), ...(report && { plan: report }) })));
  });
  for (const note of notes) context.stderr.write(`note: ${terminalLine(note)}\n`);
  context.stdout.write(command.json ? renderJson(json) : renderLibraryBlocks(blocks, batch.several));
  batch.finish(context);
}
