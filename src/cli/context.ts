import type { OutputStream } from "../output/output.js";

/** What a command needs from the process, so tests can run commands in-process. */
export interface CommandContext {
  stdout: OutputStream;
  stderr: OutputStream;
  env: NodeJS.ProcessEnv;
  stdinIsTTY: boolean;
}

export function processContext(): CommandContext {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, stdinIsTTY: Boolean(process.stdin.isTTY) };
}
