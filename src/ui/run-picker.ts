/**
 * The interactive picker's entry point. This module is light: Ink and React
 * are imported only once a terminal is confirmed and the first frame is drawn.
 * Built, `import("./mount.js")` loads the screen's own bundle, which
 * scripts/bundle.mjs puts beside the CLI's.
 */
import { usageError } from "../errors.js";
import { systemClipboard } from "./copy.js";
import { enterScreen, leaveScreen } from "./screen.js";
import type { Menu, PickerResult } from "./types.js";
import type { MountOutcome } from "./mount.js";

export interface PickerIO {
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
  /** Where a relative file name is saved; the working directory by default. */
  cwd?: string;
  /** Writes the system clipboard; clipboardy by default. */
  writeClipboard?: (text: string) => Promise<void>;
}

/**
 * Shows the picker until the user quits and returns what they copied or saved.
 * Throws a usage error (exit 2) when stdin or stdout is not a terminal.
 */
export async function runPicker(input: Menu, io: PickerIO = {}): Promise<PickerResult> {
  const stdin = io.stdin ?? process.stdin;
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  if (!stdin.isTTY || !stdout.isTTY) {
    throw usageError("the interactive picker needs a terminal (stdin and stdout)", "run it in a terminal, or leave out -i/--interactive to print the snippet");
  }
  enterScreen(stdout, input);
  let outcome: MountOutcome;
  try {
    const { mountPicker } = await import("./mount.js");
    outcome = await mountPicker(input, {
      stdin,
      stdout,
      stderr,
      cwd: io.cwd ?? process.cwd(),
      copy: { writeClipboard: io.writeClipboard ?? systemClipboard(), writeTerminal: (data) => stdout.write(data) },
    });
  } finally {
    leaveScreen(stdout);
  }
  // Killed from outside: now that the terminal is back, die of the same signal.
  if (outcome.signal) process.kill(process.pid, outcome.signal);
  return outcome.result;
}
