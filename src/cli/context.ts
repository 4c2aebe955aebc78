import type { OutputStream } from "../output/output.js";

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
