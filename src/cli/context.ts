import type { OutputStream } from "../output/output.js";
import type { LocalHub } from "../local/header.js";
import { hubConfigFromEnv } from "../model/hub/env.js";
import { makeHub, type Hub, type Progress } from "../model/hub/hub.js";
import { terminalLine } from "../output/terminal-text.js";
import { stepWords } from "../words/hub-notes-words.js";
import { noteLine } from "./names.js";
import { startSpinner } from "./spinner.js";

/** What a command needs from the process, so tests can run commands in-process. */
export interface CommandContext {
  stdout: OutputStream;
  stderr: OutputStream;
  env: NodeJS.ProcessEnv;
  stdinIsTTY: boolean;
  /**
   * The code a command that ended without an error exits with (the picker:
   * ExitCode.interrupted after Ctrl+C). Kept here, not in process.exitCode, so that one run
   * in a long-lived process cannot change the next run's code.
   */
  exitCode?: number;
}

// A getter: reading process.stdin makes its stream (fs's ReadStream or a socket, loading net), about 4 ms
// of every start, which only the commands that ask need.
export function processContext(stdout: OutputStream = process.stdout, stderr: OutputStream = process.stderr): CommandContext {
  return {
    stdout,
    stderr,
    env: process.env,
    get stdinIsTTY() {
      return Boolean(process.stdin.isTTY);
    },
  };
}

/** The cache flags, as every command that reads hub metadata takes them (flag-rules.ts refuses the pair). */
export interface CacheFlags {
  offline: boolean;
  refresh: boolean;
}

/** What hub work shows at the command line: a spinner on stderr while a step runs, and a line for each notice. */
export function cliProgress(context: CommandContext): Progress {
  return {
    begin: (step) => startSpinner(context.stderr, stepWords(step), context.env).stop,
    notice: (note) => {
      const { level, text } = noteLine(note);
      context.stderr.write(`${level}: ${terminalLine(text)}\n`);
    },
  };
}

/** The hub a command reaches: from the process's environment, with the command's cache flags; its progress on stderr. */
export function hubOf(context: CommandContext, cache: CacheFlags): Hub {
  return makeHub({ ...hubConfigFromEnv(context.env), offline: cache.offline, refresh: cache.refresh, progress: cliProgress(context) });
}

/** The hub and this machine, for the plans --fits and --ctx make. */
export function planAccessOf(context: CommandContext, cache: CacheFlags): LocalHub {
  return { hub: hubOf(context, cache), detect: { env: context.env } };
}

/** Whether a person is at a terminal, where a command that chose nothing opens its screen (the picker, the browser). */
export interface Terminal {
  interactive: boolean;
}

export function terminalOf(context: CommandContext): Terminal {
  // stdout first: asking about stdin makes its stream (see processContext), which piped output never needs.
  return { interactive: Boolean(context.stdout.isTTY) && context.stdinIsTTY };
}
