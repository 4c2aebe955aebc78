import type { AppNote } from "../apps/steps.js";
import type { LocalRun } from "../local/run.js";
import { verdictLines } from "../words/local-words.js";
import { terminalLine } from "../output/terminal-text.js";
import { CLI_NAMES, noteLine } from "./names.js";

/*
 * A local run's notes and verdict in the command line's words, for every
 * command that prints one (snippet --app, --library, -i).
 */

/** Each note's line: a record in the command line's words, an app's own sentence as it is. */
export function noteLines(notes: readonly AppNote[]): string[] {
  return notes.map((note) => noteLine(note).text);
}

/** The lines stderr gets for the notes, each with its level (`note:` or `warning:`), sanitised for a terminal. */
export function saidLines(notes: readonly AppNote[]): string[] {
  return notes.map((note) => {
    const { level, text } = noteLine(note);
    return `${level}: ${terminalLine(text)}`;
  });
}

/** The verdict of a planned run (where it runs, the bytes per device, the speed); none without a plan. */
export function runVerdict(run: LocalRun | undefined, verbose = false): string[] {
  if (!run?.plan || !run.machine) return [];
  return verdictLines({ plan: run.plan, machine: run.machine, ...(run.speed && { speed: run.speed }) }, CLI_NAMES, verbose);
}
