import type { CommandContext } from "../../src/cli/context.js";

/**
 * A command context that collects stdout and stderr, for running a command
 * in-process as a terminal (isTTY, `columns` wide) or a pipe.
 */
export function fakeContext(env: NodeJS.ProcessEnv, isTTY: boolean, columns?: number) {
  let stdout = "";
  let stderr = "";
  const context: CommandContext = {
    stdout: { isTTY, ...(columns !== undefined ? { columns } : {}), write: (text: string) => (stdout += text) },
    stderr: { isTTY, write: (text: string) => (stderr += text) },
    env,
    stdinIsTTY: isTTY,
  };
  return { context, output: () => stdout, errors: () => stderr };
}
