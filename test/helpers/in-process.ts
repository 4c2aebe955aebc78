import { runProgram } from "../../src/cli/program.js";
import type { CliResult } from "./cli.js";
import { fakeContext } from "./context.js";

/*
 * A command line run in the test's own process, its output captured as a
 * pipe's (not a TTY), with the environment runCli gives the built binary. It
 * costs no node start-up; what only a real process shows (exit, stdin, cwd,
 * broken pipes, the built bundle) stays with runCli.
 */
export async function runInProcess(args: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, DEBUG: undefined, ...options.env };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const { context, output, errors } = fakeContext(env, false);
  const status = await runProgram(["node", "hubref", ...args], context);
  return { status, stdout: output(), stderr: errors() };
}
