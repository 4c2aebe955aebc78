import type { CommandContext } from "./context.js";
import { renderJson } from "../output/output.js";
import { resolveModel } from "../model/resolve.js";
import { FITS_ALLOWANCE_TEXT } from "../apps/memory.js";
import type { LocalBlock } from "../blocks/code-block.js";
import { appBlocks, renderLocalSteps } from "../blocks/model-blocks.js";
import { resolveOptionsOf, type SnippetCommand } from "./snippet-command.js";

/*
 * `hubref snippet MODEL --app KEY [--quant TYPE | --file PATH | --fits SIZE]`:
 * the commands that run the model on the user's machine.
 */

export async function runAppSnippet(command: Extract<SnippetCommand, { mode: "app" }>, context: CommandContext): Promise<void> {
  const blocks: LocalBlock[] = [];
  for (const arg of command.models) {
    const model = await resolveModel(arg, resolveOptionsOf(command, context, { sizes: command.files.fits !== undefined }));
    const result = appBlocks(model, command.app, command.files);
    for (const note of result.notes) context.stderr.write(`note: ${note.replace(/[\r\n]+/g, " ")}\n`);
    blocks.push(...result.blocks);
  }
  if (command.files.fits !== undefined) context.stderr.write(`note: memory needed = ${FITS_ALLOWANCE_TEXT}\n`);
  context.stdout.write(command.json ? renderJson(blocks.flatMap((block) => block.steps)) : renderLocalSteps(blocks));
}
