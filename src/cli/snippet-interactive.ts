import { openSync } from "node:fs";
import { ReadStream } from "node:tty";
import { hubOf, planAccessOf, type CommandContext } from "./context.js";
import type { Problem } from "../outcome/problems.js";
import { ExitCode, usageError } from "../errors.js";
import { resolveModelArgument, type ResolvedModel } from "../model/resolve.js";
import { modelMenu, nothingToShow, type Menu, type MenuPresets } from "../blocks/menu.js";
import { appBlocks } from "../blocks/model-blocks.js";
import type { ModelData } from "../model/schema.js";
import { terminalLine } from "../output/terminal-text.js";
import { findApp } from "../apps/registry.js";
import { prepareLocal, runOf, type LocalContext } from "../local/run.js";
import { asksRun } from "../local/request.js";
import { runVerdict, saidLines } from "./local-words.js";
import type { PickerResult } from "../ui/types.js";
import type { SnippetCommand } from "./snippet-command.js";
import type { SettledOptions } from "../inference/snippet.js";
import { isChatModel } from "../model/chat.js";

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

/**
 * With --app and a machine (--fits) or a context, the picker opens on the
 * quant the local run chooses, chosen as the printing command chooses it (its
 * notes, why that quant, go to stderr); every quant of the menu is run in the
 * same local context, which marks the quants that fit.
 */
async function fittedPresets(
  command: Extract<SnippetCommand, { mode: "picker" }>,
  resolved: ResolvedModel,
  context: CommandContext,
): Promise<{ presets: MenuPresets; local?: LocalContext }> {
  const presets = command.presets;
  if (presets.source !== "local") return { presets };
  const asked = command.local.machine !== undefined || asksRun(command.local);
  if (!asked) return { presets };
  const local = await prepareLocal(resolved, command.local, planAccessOf(context, command));
  if (command.local.machine === undefined) return { presets, local };
  const run = runOf(local, findApp(presets.app).key, presets.quant === undefined ? {} : { quant: presets.quant });
  const result = appBlocks(resolved.model, presets.app, run);
  for (const line of [...saidLines(result.notes), ...runVerdict(run).map((text) => `note: ${terminalLine(text)}`)]) context.stderr.write(`${line}\n`);
  const quant = result.blocks[0]!.quant?.label;
  return { presets: quant === undefined ? presets : { ...presets, quant }, local };
}

/** The picker's model and menu for the command, before any screen: what it would refuse exits 2 here. */
export async function pickerMenu(command: Extract<SnippetCommand, { mode: "picker" }>, context: CommandContext): Promise<{ model: ModelData; menu: Menu }> {
  const resolved = await resolveModelArgument(command.models[0]!, hubOf(context, command), { sizes: command.local.machine !== undefined });
  const { presets, local } = await fittedPresets(command, resolved, context);
  const options = await withRouterList(command, resolved, context);
  return { model: resolved.model, menu: await modelMenu(resolved.model, options, presets, local) };
}

/**
 * A chat model from the hub: the router's list offers the providers it serves
 * (those hubref has no table for too) and checks --tools and --schema. Without
 * it the picker still opens, on the providers of the model's metadata.
 */
async function withRouterList(command: Extract<SnippetCommand, { mode: "picker" }>, resolved: ResolvedModel, context: CommandContext): Promise<SettledOptions> {
  if (resolved.source.kind !== "hub" || !isChatModel(resolved.model) || command.options.endpointUrl !== undefined) return command.options;
  const { loadRouterFacts } = await import("../model/router/load.js");
  return {
    ...command.options,
    router: await loadRouterFacts(hubOf(context, command)),
  };
}

export async function runSnippetPicker(command: Extract<SnippetCommand, { mode: "picker" }>, context: CommandContext): Promise<void> {
  const { model, menu } = await pickerMenu(command, context);
  const stdin = keyboard(command.models);
  const { openPickerScreen, runPicker } = await import("../ui/run-picker.js");
  const { pickerSummary } = await import("../ui/summary.js");
  const io = stdin ? { stdin } : {};
  let result: PickerResult;
  try {
    // The first frame before the first blocks: making them (every provider's snippets) is most of the wait.
    const leaveScreen = openPickerScreen(menu, io);
    const problems: (Problem | string)[] = [];
    let blocks: unknown[];
    try {
      blocks = menu.loadBlocks(menu.initialToggles, (problem) => problems.push(problem));
    } catch (error) {
      leaveScreen?.();
      throw error;
    }
    // Nothing to show: the printing command's error, on the terminal as it was.
    if (blocks.length === 0) {
      leaveScreen?.();
      throw nothingToShow(model, command.options, problems);
    }
    result = await runPicker(menu, io, leaveScreen !== undefined);
  } finally {
    stdin?.destroy();
  }
  context.stderr.write(pickerSummary(result));
  if (result.interrupted) context.exitCode = ExitCode.interrupted;
}
