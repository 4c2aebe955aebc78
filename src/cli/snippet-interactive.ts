import { openSync } from "node:fs";
import { ReadStream } from "node:tty";
import type { CommandContext } from "./context.js";
import { usageError } from "../errors.js";
import { resolveModel } from "../model/resolve.js";
import { modelMenu, nothingToShow } from "../blocks/menu.js";
import type { PickerResult } from "../ui/types.js";
import { resolveOptionsOf, type SnippetCommand } from "./snippet-command.js";

/*
 * `hubref snippet MODEL -i`: the menu comes from src/blocks/menu.ts; this file
 * opens the terminal and prints the summary. The picker (Ink) is imported
 * only here, and only once a terminal is sure.
 */

/**
 * Keys come from the terminal. When stdin carries the model (`cat m.json |
 * hubref snippet - -i`), they are read from /dev/tty instead.
 */
function keyboard(models: string[]): NodeJS.ReadStream | undefined {
  if (process.stdin.isTTY || !models.includes("-")) return undefined;
  let fd: number;
  try {
    fd = openSync("/dev/tty", "r");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw usageError(
      `the model came on stdin, and the terminal (/dev/tty) cannot be opened for keys (${reason})`,
      "pass the model as a file or hub id, or leave out -i",
    );
  }
  return new ReadStream(fd) as NodeJS.ReadStream;
}

export async function runSnippetPicker(command: Extract<SnippetCommand, { mode: "picker" }>, context: CommandContext): Promise<void> {
  const model = await resolveModel(command.models[0]!, resolveOptionsOf(command, context));
  const menu = await modelMenu(model, command.options, command.presets);
  const problems: string[] = [];
  if (menu.loadBlocks(menu.initialToggles, (problem) => problems.push(problem)).length === 0) throw nothingToShow(model, command.options, problems);
  const stdin = keyboard(command.models);
  const { runPicker } = await import("../ui/run-picker.js");
  const { pickerSummary } = await import("../ui/summary.js");
  let result: PickerResult;
  try {
    result = await runPicker(menu, stdin ? { stdin } : {});
  } finally {
    stdin?.destroy();
  }
  context.stderr.write(pickerSummary(result));
  // Ctrl+C: the shell convention for an interrupted program.
  if (result.interrupted) context.exitCode = 130;
}
