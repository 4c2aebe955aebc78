import type { FitsRequest } from "../hardware/budget.js";
import { SILENT } from "../model/hub/hub.js";
import type { ServeEngine } from "../outcome/serve-problems.js";
import { terminalLine } from "../output/terminal-text.js";
import { shortCount } from "../search/hits.js";
import { describeRequest, type SearchRequest } from "../search/query.js";
import type { ServeLeftOut, ServeRow } from "../search/serve-search.js";
import type { ServeSettings } from "../serve/plan.js";
import { formatBytes } from "../util/bytes.js";
import { ENGINE_LABELS } from "../words/serve-words.js";
import { hubOf, type CommandContext } from "./context.js";
import { cliText } from "./names.js";
import { printFitRows } from "./fit-rows.js";
import { detectedGpu } from "./serve-settings.js";

/*
 * `hubref models --fits HARDWARE --app vllm|sglang|mlx-lm`: prints what
 * searchServing found. At a terminal, a heading and an aligned table; piped,
 * tab-separated lines with plain numbers; --json, each model with the plan
 * `snippet --app vllm --fits --json` reports.
 */

export interface ServeFitsCommand {
  mode: "serve-fits";
  request: SearchRequest;
  engine: ServeEngine;
  fits: FitsRequest;
  settings: ServeSettings;
  json: boolean;
  verbose: boolean;
  offline: boolean;
  refresh: boolean;
}

const HEADER = ["id", "params", "weights", "max model len", "at once", "downloads"];

function parametersText(parameters: number | null): string {
  if (parameters === null) return "-";
  return parameters >= 1e9 ? `${Number((parameters / 1e9).toFixed(1))}B` : `${Number((parameters / 1e6).toFixed(0))}M`;
}

function cellsOf(row: ServeRow, to: "terminal" | "piped"): string[] {
  const terminal = to === "terminal";
  const { plan } = row;
  const weights = plan.tensorParallelSize > 1 ? `${formatBytes(plan.weightsBytes)} ×${plan.tensorParallelSize}` : formatBytes(plan.weightsBytes);
  return [
    terminalLine(row.hit.id),
    terminal ? parametersText(row.parameters) : String(row.parameters ?? ""),
    terminal ? weights : String(plan.weightsBytes),
    terminal ? plan.maxModelLen.toLocaleString("en-US") : String(plan.maxModelLen),
    terminal ? plan.maxConcurrency.toFixed(2) : String(plan.maxConcurrency),
    terminal ? shortCount(row.hit.downloads) : String(row.hit.downloads),
  ];
}

function reasonWords(left: ServeLeftOut): string {
  const { why } = left;
  if (why.kind === "too-many-parameters") return `${parametersText(why.parameters)} parameters need at least ${formatBytes(why.least)}`;
  return cliText(why.problem).message;
}

export async function runModelsServe(command: ServeFitsCommand, context: CommandContext): Promise<void> {
  const hub = hubOf(context, command);
  const found = await detectedGpu(command.fits, context);
  for (const note of found.notes) context.stderr.write(`note: ${terminalLine(note)}\n`);
  const { searchServing } = await import("../search/serve-search.js");
  const done = hub.progress.begin({ kind: "searching-fits", host: hub.host });
  let outcome: Awaited<ReturnType<typeof searchServing>>;
  try {
    outcome = await searchServing({
      search: command.request,
      engine: command.engine,
      fits: command.fits,
      settings: command.settings,
      hub: hub.withProgress({ ...SILENT, notice: hub.progress.notice }),
      ...(found.detectedGpuBytes !== undefined && { detectedGpuBytes: found.detectedGpuBytes }),
    });
  } finally {
    done();
  }
  const { rows } = outcome;
  const version = rows[0]?.plan.version;
  const engine = `${ENGINE_LABELS[command.engine]}${version ? ` ${version}` : ""}`;
  const heading = `models ${engine} ${command.engine === "mlx-lm" ? "runs" : "starts"} on ${terminalLine(outcome.hardware)}, each at the largest context that fits${command.settings.context === undefined ? "" : " or the one asked"}`;

  await printFitRows(context, {
    heading,
    header: HEADER,
    rows,
    cells: cellsOf,
    ...(command.json && {
      json: () => rows.map((row) => ({ id: row.hit.id, parameters: row.parameters, downloads: row.hit.downloads, likes: row.hit.likes, plan: row.plan })),
    }),
  });

  if (outcome.candidates === 0) {
    context.stderr.write(`note: no safetensors repository matches ${terminalLine(describeRequest(command.request))}\n`);
    return;
  }
  if (command.verbose)
    for (const left of outcome.leftOut) context.stderr.write(`note: left out ${terminalLine(left.id)}: ${terminalLine(reasonWords(left))}\n`);
  if (outcome.skipped.length > 0) {
    const list = outcome.skipped.map((skipped) => `${skipped.id} (${reasonWords(skipped)})`).join("; ");
    context.stderr.write(
      `note: skipped ${outcome.skipped.length} repositor${outcome.skipped.length === 1 ? "y" : "ies"} that could not be planned: ${terminalLine(list)}\n`,
    );
  }
  if (rows.length === 0)
    context.stderr.write(
      `note: none of the ${outcome.leftOut.length + outcome.skipped.length} safetensors repositories searched runs on ${terminalLine(outcome.hardware)}${command.verbose ? "" : "; --verbose says why for each"}\n`,
    );
}
