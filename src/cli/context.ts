import type { OutputStream } from "../output/output.js";

/** What a command needs from the process, so tests can run commands in-process. */
export interface CommandContext {
  stdout: OutputStream;
  stderr: OutputStream;
  env: NodeJS.ProcessEnv;
  stdinIsTTY: boolean;
  /**
   * The code a command that ended without an error exits with (the picker:
   * 130 after Ctrl+C). Kept here, not in process.exitCode, so that one run
   * in a long-lived process cannot change the next run's code.
   */
  exitCode?: number;
}

export function processContext(): CommandContext {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, stdinIsTTY: Boolean(process.stdin.isTTY) };
}
