import type { OutputStream } from "../output/output.js";
import type { ResolveOptions } from "../model/resolve.js";

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

/** How a command's models are looked up: its cache flags and the process's environment. */
export function resolveOptionsOf(cache: CacheFlags, context: CommandContext, extra: Partial<ResolveOptions> = {}): ResolveOptions {
  return { env: context.env, stderr: context.stderr, offline: cache.offline, refresh: cache.refresh, ...extra };
}

/** Whether a person is at a terminal, where a command that chose nothing opens its screen (the picker, the browser). */
export interface Terminal {
  interactive: boolean;
}

export function terminalOf(context: CommandContext): Terminal {
  // stdout first: asking about stdin makes its stream (see processContext), which piped output never needs.
  return { interactive: Boolean(context.stdout.isTTY) && context.stdinIsTTY };
}
