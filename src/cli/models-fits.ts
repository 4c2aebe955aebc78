import { noteLine } from "./names.js";
import { printFitRows } from "./fit-rows.js";
import { planAccessOf, type CommandContext } from "./context.js";
import { SILENT } from "../model/hub/hub.js";
import type { SearchRequest } from "../search/query.js";
import type { Machine } from "../local/machine.js";
import type { LocalRequest } from "../local/request.js";
import { terminalLine } from "../output/terminal-text.js";
import { searchFitting, type FitsReason, type FitsRow } from "../search/fits-search.js";
import { machineWords, speedWords, whereItRuns } from "../words/local-words.js";
import { unreadWords } from "../words/header-words.js";
import { CLI_NAMES, cliText } from "./names.js";
import { fitsRowReport } from "../words/fits-rows.js";

import { shortCount } from "../search/hits.js";
import { describeRequest } from "../search/query.js";
import { formatBytes } from "../util/bytes.js";

/*
 * `hubref models --fits`: prints what searchFitting found. At a terminal, the
 * budget on a line of its own and an aligned table; piped, tab-separated
 * lines with plain numbers (bytes, tokens a second); --json, each model with
 * its plan as `snippet --json` reports one, and its speed estimate.
 */

/** `hubref models --fits …`, parsed (parseModelsCommand). */
export interface FitsCommand {
  mode: "fits";
  request: SearchRequest;
  json: boolean;
  verbose: boolean;
  offline: boolean;
  refresh: boolean;
  local: LocalRequest & Required<Pick<LocalRequest, "machine">>;
}

/** Why a repository was left out or skipped, in the command line's words. */
export function reasonWords(reason: FitsReason): string {
  switch (reason.kind) {
    case "too-many-parameters":
      return `${formatCount(reason.parameters)} parameters need at least ${formatBytes(reason.least)} at the smallest quant`;
    case "files-too-large":
      return `the smallest quant's files alone are ${formatBytes(reason.smallest)}`;
    case "no-sized-file":
      return "it lists no GGUF model file with a size";
    case "problem":
      // A header that could not be read: the reader's own account is the reason; the rest of the problem's words are the run's.
      return reason.problem.kind === "no-header-verdict" ? unreadWords(reason.problem.file, reason.problem.unread, CLI_NAMES) : cliText(reason.problem).message;
  }
}

function formatCount(parameters: number): string {
  return parameters >= 1e9 ? `${Number((parameters / 1e9).toFixed(1))}B` : `${Number((parameters / 1e6).toFixed(0))}M`;
}

const HEADER = ["id", "quant", "size", "runs", "speed (est.)", "downloads"];

/** A row's cells under HEADER: on a terminal, sizes, speeds and counts as people read them; piped, as numbers a script reads. */
function cellsOf(row: FitsRow, hasGpu: boolean, to: "terminal" | "piped"): string[] {
  const terminal = to === "terminal";
  const speed = row.speed?.generation;
  return [
    terminalLine(row.hit.id),
    terminalLine(row.quant ?? row.file),
    terminal ? formatBytes(row.size) : String(row.size),
    whereItRuns(row.plan, "short", hasGpu),
    speed === undefined ? "" : terminal ? speedWords(speed) : speed.toFixed(1),
    terminal ? shortCount(row.hit.downloads) : String(row.hit.downloads),
  ];
}

function jsonOf(row: FitsRow, machine: Machine) {
  return fitsRowReport(row, machine, CLI_NAMES);
}

/** The narrowest the id column gets before the table gives up fitting the terminal. */

export async function runModelsFits(command: FitsCommand, context: CommandContext): Promise<void> {
  const access = planAccessOf(context, command);
  // One spinner covers the search; the reads under it draw none of their own.
  const done = access.hub.progress.begin({ kind: "searching-fits", host: access.hub.host });
  let outcome: Awaited<ReturnType<typeof searchFitting>>;
  try {
    outcome = await searchFitting({
      search: command.request,
      local: command.local,
      access: { ...access, hub: access.hub.withProgress({ ...SILENT, notice: access.hub.progress.notice }) },
    });
  } finally {
    done();
  }
  const { budget, rows, machine } = outcome;
  for (const note of outcome.notes) context.stderr.write(`note: ${terminalLine(noteLine(note).text)}\n`);
  const context0 = rows[0]?.plan.context;
  const heading = `models that fit ${machineWords(machine, CLI_NAMES)}${context0 === undefined ? "" : `, at ${context0.toLocaleString("en-US")} tokens of context`}; speeds are estimates`;
  const hasGpu = machine.plan.gpus.length > 0;

  await printFitRows(context, {
    heading,
    header: HEADER,
    rows,
    cells: (row, at) => cellsOf(row, hasGpu, at),
    ...(command.json && { json: () => rows.map((row) => jsonOf(row, machine)) }),
  });

  if (outcome.candidates === 0) {
    context.stderr.write(`note: no GGUF repository matches ${terminalLine(describeRequest(command.request))}\n`);
    return;
  }
  if (command.verbose)
    for (const left of outcome.leftOut) context.stderr.write(`note: left out ${terminalLine(left.id)}: ${terminalLine(reasonWords(left.why))}\n`);
  if (outcome.skipped.length > 0) {
    const list = outcome.skipped.map((skipped) => `${skipped.id} (${reasonWords(skipped.why)})`).join("; ");
    context.stderr.write(
      `note: skipped ${outcome.skipped.length} repositor${outcome.skipped.length === 1 ? "y" : "ies"} whose GGUF header or files could not be read: ${terminalLine(list)}\n`,
    );
  }
  if (rows.length === 0)
    context.stderr.write(
      `note: none of the ${outcome.leftOut.length + outcome.skipped.length} GGUF repositories searched fits ${terminalLine(budget.label)}${command.verbose ? "" : "; --verbose says why for each"}\n`,
    );
}
