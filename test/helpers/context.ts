import type { CommandContext } from "../../src/cli/context.js";

/** A command context that collects stdout, for running a command in-process as a terminal (isTTY) or a pipe. */
export function fakeContext(env: NodeJS.ProcessEnv, isTTY: boolean) {
  let stdout = "";
  const context: CommandContext = {
    stdout: { isTTY, write: (text: string) => (stdout += text) },
    stderr: { isTTY, write: () => true },
    env,
    stdinIsTTY: isTTY,
  };
  return { context, output: () => stdout };
}
