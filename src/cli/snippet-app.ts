import { resolveOptionsOf, type CommandContext } from "./context.js";
import { renderJson } from "../output/output.js";
import { terminalLine, terminalText } from "../output/terminal-text.js";
import type { FileRequest } from "../apps/select.js";
import { resolveModelArgument } from "../model/resolve.js";
import type { LocalBlock } from "../blocks/code-block.js";
import { appBlocks, renderLocalSteps } from "../blocks/model-blocks.js";
import type { SnippetCommand } from "./snippet-command.js";
import { fitsPlanFor } from "../apps/fits-plan.js";

/*
 * `hubref snippet MODEL --app KEY [--quant TYPE | --file PATH | --fits SIZE|HARDWARE|auto [--ctx N] [--cache-type T]]`:
 * the commands that run the model on the user's machine.
 */

export async function runAppSnippet(command: Extract<SnippetCommand, { mode: "app" }>, context: CommandContext): Promise<void> {
  const blocks: LocalBlock[] = [];
  const note = (text: string) => context.stderr.write(`note: ${terminalLine(text)}\n`);
  for (const arg of command.models) {
    const resolved = await resolveModelArgument(arg, resolveOptionsOf(command, context, { sizes: command.fits !== undefined }));
    const request: FileRequest = { ...command.files };
    if (command.fits) request.fits = await fitsPlanFor(command.fits, command.estimate, resolved, resolveOptionsOf(command, context));
    const result = appBlocks(resolved.model, command.app, request);
    for (const text of [...(request.fits?.notes ?? []), ...result.notes]) note(text);
    blocks.push(...result.blocks);
  }
  if (command.json) {
    context.stdout.write(renderJson(blocks.flatMap((block) => block.steps)));
    return;
  }
  // The commands quote file names for the shell, byte for byte; at a terminal the screen shows them through the sanitiser instead.
  const text = renderLocalSteps(blocks);
  context.stdout.write(context.stdout.isTTY ? terminalText(text) : text);
}
