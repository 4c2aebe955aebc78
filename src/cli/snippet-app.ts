import type { CommandContext } from "./context.js";
import type { SnippetCommandOptions } from "./snippet-options.js";
import { usageError } from "../errors.js";
import { renderJson } from "../output/output.js";
import { checkCacheFlags, isModelFile, resolveModel } from "../model/resolve.js";
import { generateAppSnippets, renderAppSnippets, type AppSnippet } from "../apps/generate.js";
import type { FileRequest } from "../apps/select.js";
import { parseCacheType, parseContext, type EstimateSettings } from "../memory/options.js";
import { parseFits, type FitsRequest } from "../hardware/budget.js";

/*
 * `hubref snippet MODEL --app KEY [--quant TYPE | --file PATH | --fits SIZE|HARDWARE|auto [--ctx N] [--cache-type T]]`:
 * the commands that run the model on the user's machine.
 */

export function fileRequest(raw: Pick<SnippetCommandOptions, "quant" | "file">): FileRequest {
  const request: FileRequest = {};
  if (raw.quant !== undefined) request.quant = raw.quant;
  if (raw.file !== undefined) request.file = raw.file;
  return request;
}

/** --fits with --ctx and --cache-type, checked before any model is read. */
export function fitsOptions(raw: { fits?: string; ctx?: string; cacheType?: string }, alone = false): { fits?: FitsRequest; settings: EstimateSettings } {
  if (!alone && raw.fits === undefined && (raw.ctx !== undefined || raw.cacheType !== undefined))
    throw usageError("--ctx and --cache-type go with --fits", "for example: --fits 16GB --ctx 32768");
  const settings: EstimateSettings = { cacheType: raw.cacheType === undefined ? "f16" : parseCacheType(raw.cacheType) };
  if (raw.ctx !== undefined) settings.ctx = parseContext(raw.ctx);
  return raw.fits === undefined ? { settings } : { fits: parseFits(raw.fits), settings };
}

/** A hub id's header can be read; a model file or stdin has none. */
export function isHubArgument(arg: string): boolean {
  return arg !== "-" && !isModelFile(arg) && !/\.json$/i.test(arg);
}

export async function runAppSnippet(models: string[], raw: SnippetCommandOptions, context: CommandContext): Promise<void> {
  const app = raw.app!;
  if (raw.library) throw usageError("--app does not go with --library");
  if (models.filter((model) => model === "-").length > 1) throw usageError("stdin (-) can be read once");
  checkCacheFlags(raw);
  const request = fileRequest(raw);
  const { fits, settings } = fitsOptions(raw);
  if (fits && (request.quant !== undefined || request.file !== undefined)) throw usageError("--quant, --file and --fits go one at a time");
  const snippets: AppSnippet[] = [];
  const note = (text: string) => context.stderr.write(`note: ${text.replace(/[\r\n]+/g, " ")}\n`);
  for (const arg of models) {
    const model = await resolveModel(arg, {
      env: context.env,
      stderr: context.stderr,
      offline: raw.offline,
      refresh: raw.refresh,
      sizes: fits !== undefined,
    });
    const modelRequest = { ...request };
    if (fits) {
      // What reads headers (zod, the cache) loads only for --fits.
      const { fitsPlan } = await import("../apps/fits.js");
      modelRequest.fits = await fitsPlan(model, fits, settings, {
        env: context.env,
        stderr: context.stderr,
        offline: raw.offline,
        refresh: raw.refresh,
        ...(isHubArgument(arg) ? { hubId: model.id } : {}),
      });
    }
    const result = generateAppSnippets(model, app, modelRequest);
    for (const text of [...(modelRequest.fits?.notes ?? []), ...result.notes]) note(text);
    snippets.push(...result.snippets);
  }
  context.stdout.write(raw.json ? renderJson(snippets) : renderAppSnippets(snippets));
}
