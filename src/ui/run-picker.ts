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
 * Enters the picker's screen and draws its first frame (the splash, from what the menu knows before it makes any
 * block) where stdin and stdout are a terminal, and returns what leaves it; elsewhere nothing (runPicker refuses).
 * The command draws it before making the first blocks, which with Ink's import are most of the wait for the picker.
 */
export function openPickerScreen(input: Menu, io: PickerIO = {}): (() => void) | undefined {
  const stdin = io.stdin ?? process.stdin;
  const stdout = io.stdout ?? process.stdout;
  if (!stdin.isTTY || !stdout.isTTY) return undefined;
  enterScreen(stdout, input);
  return () => leaveScreen(stdout);
}

/**
 * Shows the picker until the user quits and returns what they copied or saved.
 * Throws a usage error (exit 2) when stdin or stdout is not a terminal. `screenOpen`: openPickerScreen has
 * drawn the splash already (and checked the terminal).
 */
export async function runPicker(input: Menu, io: PickerIO = {}, screenOpen = false): Promise<PickerResult> {
  const stdin = io.stdin ?? process.stdin;
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  if (!screenOpen) {
    if (!stdin.isTTY || !stdout.isTTY) {
      throw usageError(
        "the interactive picker needs a terminal (stdin and stdout)",
        "run it in a terminal, or leave out -i/--interactive to print the snippet",
      );
    }
    enterScreen(stdout, input);
  }
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
