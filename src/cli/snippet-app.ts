import type { CommandContext } from "./context.js";
import type { SnippetCommandOptions } from "./snippet-options.js";
import { usageError } from "../errors.js";
import { renderJson } from "../output/output.js";
import { terminalLine, terminalText } from "../output/terminal-text.js";
import { checkCacheFlags, resolveModel } from "../model/resolve.js";
import { generateAppSnippets, renderAppSnippets, type AppSnippet } from "../apps/generate.js";
import { FITS_ALLOWANCE_TEXT, parseMemorySize } from "../apps/memory.js";
import type { FileRequest } from "../apps/select.js";

/*
 * `hubref snippet MODEL --app KEY [--quant TYPE | --file PATH | --fits SIZE]`:
 * the commands that run the model on the user's machine.
 */

export function fileRequest(raw: Pick<SnippetCommandOptions, "quant" | "file" | "fits">): FileRequest {
  const request: FileRequest = {};
  if (raw.quant !== undefined) request.quant = raw.quant;
  if (raw.file !== undefined) request.file = raw.file;
  if (raw.fits !== undefined) request.fits = parseMemorySize(raw.fits);
  return request;
}

export async function runAppSnippet(models: string[], raw: SnippetCommandOptions, context: CommandContext): Promise<void> {
  const app = raw.app!;
  if (raw.library) throw usageError("--app does not go with --library");
  if (models.filter((model) => model === "-").length > 1) throw usageError("stdin (-) can be read once");
  checkCacheFlags(raw);
  const request = fileRequest(raw);
  const snippets: AppSnippet[] = [];
  for (const arg of models) {
    const model = await resolveModel(arg, {
      env: context.env,
      stderr: context.stderr,
      offline: raw.offline,
      refresh: raw.refresh,
      sizes: request.fits !== undefined,
    });
    const result = generateAppSnippets(model, app, request);
    for (const note of result.notes) context.stderr.write(`note: ${terminalLine(note)}\n`);
    snippets.push(...result.snippets);
  }
  if (request.fits !== undefined) context.stderr.write(`note: memory needed = ${FITS_ALLOWANCE_TEXT}\n`);
  if (raw.json) {
    context.stdout.write(renderJson(snippets));
    return;
  }
  // The commands quote file names for the shell, byte for byte; at a terminal the screen shows them through the sanitiser instead.
  const text = renderAppSnippets(snippets);
  context.stdout.write(context.stdout.isTTY ? terminalText(text) : text);
}
