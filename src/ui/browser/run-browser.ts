/**
 * The models browser's entry point: the list, and from a model the snippet
 * picker, and back, until the user quits. Light by itself: Ink loads only
 * once a terminal is confirmed (built, from the file scripts/bundle.mjs puts beside the CLI's bundle).
 */
import { usageError } from "../../errors.js";
import { runPicker } from "../run-picker.js";
import { CLEAR_SCREEN, ENTER_ALTERNATE_SCREEN, HIDE_CURSOR, LEAVE_ALTERNATE_SCREEN, SHOW_CURSOR } from "../screen.js";
import { safeLine, truncate } from "../text.js";
import type { PickerResult } from "../types.js";
import type { BrowserMemory, BrowserServices } from "./types.js";

/**
 * A plain first frame while Ink and the snippet code load, as the picker draws
 * one. The command draws it first thing, once it knows the screen is a terminal.
 */
export function showBrowserSplash(source: string, stdout: NodeJS.WriteStream = process.stdout): void {
  stdout.write(
    `${ENTER_ALTERNATE_SCREEN}${HIDE_CURSOR}${CLEAR_SCREEN}${truncate(`hubref models · ${safeLine(source)}`, stdout.columns || 80)}\r\n\r\n  Loading…`,
  );
}

export interface BrowserIO {
  /** The command drew the splash already. */
  splashShown?: boolean;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
  stderr?: NodeJS.WriteStream;
  debounceMs?: number;
}

export interface BrowserResult {
  /** What the last picker visit copied or saved. */
  picked: PickerResult;
  interrupted: boolean;
}

export async function runBrowser(services: BrowserServices, io: BrowserIO = {}): Promise<BrowserResult> {
  const stdin = io.stdin ?? process.stdin;
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  if (!stdin.isTTY || !stdout.isTTY) {
    throw usageError("the models browser needs a terminal (stdin and stdout)", "run it in a terminal, or give a query or a filter to print the results");
  }
  let memory: BrowserMemory | undefined;
  let picked: PickerResult = {};
  if (!io.splashShown) showBrowserSplash(services.source, stdout);
  const { mountBrowser } = await import("./mount-browser.js");
  for (;;) {
    stdout.write(ENTER_ALTERNATE_SCREEN + HIDE_CURSOR);
    let exit: Awaited<ReturnType<typeof mountBrowser>>;
    try {
      exit = await mountBrowser(services, {
        stdin,
        stdout,
        stderr,
        ...(memory ? { memory } : {}),
        ...(io.debounceMs !== undefined ? { debounceMs: io.debounceMs } : {}),
      });
    } finally {
      stdout.write(SHOW_CURSOR + LEAVE_ALTERNATE_SCREEN);
    }
    memory = exit.memory;
    if (exit.kind === "quit") return { picked, interrupted: exit.interrupted };
    // The picker's own quit (q, Esc) comes back to the list; Ctrl+C there ends everything.
    const result = await runPicker(exit.input, { stdin, stdout, stderr });
    if (result.copied || result.savedTo) picked = result;
    if (result.interrupted) return { picked, interrupted: true };
  }
}
