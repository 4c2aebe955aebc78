import { hubOf, terminalOf, type CommandContext, type Terminal } from "./context.js";
import { ExitCode } from "../errors.js";
import { checkFlags, givenValue } from "./flag-rules.js";
import { renderJson, renderTable, styleFor, terminalColumns } from "../output/output.js";
import { searchRequest, type SearchInput } from "../search/request.js";
import { describeRequest, type SearchRequest } from "../search/query.js";
import { searchModels } from "../search/search.js";
import { pipedRow, screenRow, TABLE_HEADER } from "../search/render.js";
import { terminalLine } from "../output/terminal-text.js";
import { textWidth, truncate } from "../ui/text.js";
import { fitsOptions, type FitsOptions, type RawFitsOptions } from "./fits-options.js";
import type { FitsCommand } from "./models-fits.js";
import type { ServeFitsCommand } from "./models-serve.js";
import { isServeEngine } from "../serve/engines.js";
import { findApp } from "../apps/registry.js";
import { usageError } from "../errors.js";
import { serveSettingsOf } from "./serve-settings.js";

/** The options as commander hands them over. */
export interface ModelsCommandOptions extends Omit<SearchInput, "query">, RawFitsOptions {
  json: boolean;
  interactive?: boolean;
  offline: boolean;
  refresh?: boolean;
  verbose?: boolean;
}

/** `hubref models`, parsed: the browser (offline: the catalogue's and the cache's models) or one search, printed. */
export type ModelsCommand =
  | { mode: "browse"; request: SearchRequest; offline: boolean; fits?: { text: string } & FitsOptions }
  | { mode: "search"; request: SearchRequest; json: boolean }
  | FitsCommand
  | ServeFitsCommand;

/** Options a person typed beyond the defaults: with none, at a terminal, the browser opens. */
function filtersGiven(query: string | undefined, options: ModelsCommandOptions): boolean {
  const { task, library, provider, app, author, gguf, params, json } = options;
  return (
    query !== undefined ||
    [task, library, provider, app, author, params, options.fits].some((value) => value !== undefined) ||
    gguf ||
    json ||
    options.sort !== "trending" ||
    options.limit !== "20"
  );
}

/** The narrowest an id column gets before the table gives up fitting the terminal. */
const MIN_ID_WIDTH = 24;

/** Parses `hubref models [QUERY]`'s argument and flags into one command, or throws the usage error. */
export function parseModelsCommand(query: string | undefined, raw: ModelsCommandOptions, terminal: Terminal): ModelsCommand {
  const browse = raw.interactive === true || (terminal.interactive && !filtersGiven(query, raw));
  // The rules' -i stands for the browser, whether asked for or opened for a person who named nothing to search.
  checkFlags("models", (flag) => (flag === "interactive" ? browse : givenValue(raw[flag])));
  const request = searchRequest({ ...raw, query });
  if (raw.fits !== undefined && browse) {
    // The browser opens with its fits row on this value; the plans use --ctx and the cache settings.
    return { mode: "browse", request, offline: raw.offline, fits: { text: raw.fits, ...fitsOptions(raw) } };
  }
  if (raw.fits !== undefined) {
    const { local } = fitsOptions(raw);
    const app = request.app;
    if (app !== undefined && isServeEngine(app)) {
      const machine = local.machine!;
      const { cacheTypeK, cacheTypeV, flashAttention, ctx, prefer } = local;
      return {
        mode: "serve-fits",
        request,
        engine: app,
        fits: machine.fits,
        settings: serveSettingsOf(app, {
          run: { ctx, cacheTypeK, cacheTypeV, flashAttention },
          serve: {},
          llamaCppOnly: machine.ram !== undefined || machine.margin !== undefined || prefer !== undefined,
        }),
        json: raw.json,
        verbose: raw.verbose === true,
        offline: raw.offline,
        refresh: raw.refresh === true,
      };
    }
    if (app !== undefined && !findApp(app).runs.includes("gguf"))
      throw usageError(
        `--fits with --app lists the models an app runs on the hardware, and ${findApp(app).prettyLabel} runs neither GGUF files nor a server's safetensors weights`,
        "use --app llama.cpp (or another GGUF app) for GGUF files, --app vllm or --app sglang for safetensors weights",
      );
    return {
      mode: "fits",
      request,
      json: raw.json,
      verbose: raw.verbose === true,
      offline: raw.offline,
      refresh: raw.refresh === true,
      local: { ...local, machine: local.machine! },
    };
  }
  return browse ? { mode: "browse", request, offline: raw.offline } : { mode: "search", request, json: raw.json };
}

/** `hubref models [QUERY]`. */
export async function runModels(command: ModelsCommand, context: CommandContext): Promise<void> {
  const { request } = command;
  if (command.mode === "browse") {
    const atTerminal = terminalOf(context).interactive;
    const { runBrowser, showBrowserSplash } = await import("../ui/browser/run-browser.js");
    // The first frame before the heavier modules load; runBrowser refuses a screen that is not a terminal.
    const splash = atTerminal && process.stdout.isTTY === true && process.stdin.isTTY === true;
    if (splash) showBrowserSplash(command.offline ? "offline" : hubOf(context, { offline: false, refresh: false }).host);
    const { browserServices } = await import("./models-browse.js");
    const { pickerSummary } = await import("../ui/summary.js");
    const result = await runBrowser(browserServices(context, command.offline, request, command.fits), { splashShown: splash });
    context.stderr.write(pickerSummary(result.picked));
    if (result.interrupted) context.exitCode = ExitCode.interrupted;
    return;
  }

  if (command.mode === "serve-fits") {
    const { runModelsServe } = await import("./models-serve.js");
    await runModelsServe(command, context);
    return;
  }

  if (command.mode === "fits") {
    const { runModelsFits } = await import("./models-fits.js");
    await runModelsFits(command, context);
    return;
  }

  const hub = hubOf(context, { offline: false, refresh: false });
  const done = hub.progress.begin({ kind: "searching", host: hub.host });
  let hits: Awaited<ReturnType<typeof searchModels>>["hits"];
  try {
    ({ hits } = await searchModels(request, hub));
  } finally {
    done();
  }

  if (command.json) {
    context.stdout.write(renderJson(hits));
  } else if (hits.length === 0) {
    // Nothing on stdout: a pipe reading ids gets none, and the note says why.
  } else if (context.stdout.isTTY) {
    const style = await styleFor(context.stdout, context.env);
    const now = Date.now();
    const rows = hits.map((hit) => screenRow(hit, now));
    const others = TABLE_HEADER.slice(1).map((title, index) => Math.max(title.length, ...rows.map((row) => textWidth(row[index + 1]!))));
    const columns = terminalColumns(context.stdout) ?? 120;
    const idWidth = Math.max(MIN_ID_WIDTH, columns - others.reduce((sum, width) => sum + width + 2, 0));
    for (const row of rows) row[0] = truncate(row[0]!, idWidth);
    context.stdout.write(renderTable({ header: [...TABLE_HEADER], rows, style, aligned: true, width: terminalColumns(context.stdout) }));
  } else {
    context.stdout.write(
      renderTable({ header: [...TABLE_HEADER], rows: hits.map(pipedRow), style: await styleFor(context.stdout, context.env), aligned: false }),
    );
  }
  if (hits.length === 0) context.stderr.write(`note: no model matches ${terminalLine(describeRequest(request))}\n`);
}
