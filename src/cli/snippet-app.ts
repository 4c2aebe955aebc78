import { planAccessOf, type CommandContext } from "./context.js";
import { noteLine } from "./names.js";
import type { Note } from "../outcome/notes.js";
import { renderJson } from "../output/output.js";
import { terminalLine, terminalText } from "../output/terminal-text.js";
import type { FileRequest } from "../apps/select.js";
import { resolveModelArgument } from "../model/resolve.js";
import { findApp } from "../apps/registry.js";
import type { LocalBlock } from "../blocks/code-block.js";
import { appBlocks, renderLocalSteps } from "../blocks/model-blocks.js";
import type { SnippetCommand } from "./snippet-command.js";
import { localJson } from "../blocks/json-batch.js";
import { Batch } from "./snippet-batch.js";
import { runPlannerFor } from "../apps/fits-plan.js";
import { describePlan, planReport } from "../apps/fit-verdict.js";
import { runServeSnippet } from "./snippet-serve.js";

/*
 * `hubref snippet MODEL --app KEY [--quant TYPE | --file PATH] [--fits SIZE|HARDWARE|auto] [--ctx N|max|fit]
 * [--cache-type T | --cache-type-k T --cache-type-v T] [--flash-attn on|off|auto]`: the commands that run the
 * model on the user's machine, carrying the plan's settings (or the ones asked).
 */

type AppCommand = Extract<SnippetCommand, { mode: "app" }>;

export async function runAppSnippet(command: AppCommand, context: CommandContext): Promise<void> {
  const batch = new Batch(command.models.length, command.verbose, context.stderr);
  const blocks: LocalBlock[] = [];
  const json: unknown[] = [];
  const note = (said: Note | string) => {
    const { level, text } = noteLine(said);
    context.stderr.write(`${level}: ${terminalLine(text)}\n`);
  };
  await batch.each(command.models, async (arg) => {
    const access = planAccessOf(context, command);
    const resolved = await resolveModelArgument(arg, access.hub, { sizes: command.fits !== undefined });
    // A server of safetensors weights (vLLM, SGLang, MLX LM) has its own plan.
    const served = await runServeSnippet({ ...command, app: findApp(command.app).key }, resolved, context);
    if (served) {
      for (const text of served.notes) note(text);
      blocks.push(...served.blocks);
      json.push(...served.json);
      return;
    }
    const planner = await runPlannerFor(command, resolved, access);
    const request: FileRequest = { ...command.files };
    // --fits picks the quant unless one is named; then it plans that one.
    if (planner?.fits && request.quant === undefined && request.file === undefined) request.fits = planner.fits;
    const result = appBlocks(resolved.model, command.app, request, planner);
    for (const text of [...(planner?.notes ?? []), ...result.notes]) note(text);
    const plan = result.planned?.plan;
    if (plan && planner?.fits) for (const line of describePlan(plan, planner.fits.budget, command.verbose)) note(line);
    blocks.push(...result.blocks);
    const report = plan && planner?.fits ? { plan: planReport(plan, planner.fits.budget) } : {};
    json.push(...result.blocks.flatMap((block) => localJson(block).map((step) => ({ ...step, ...report }))));
  });
  if (command.json) context.stdout.write(renderJson(json));
  else {
    // The commands quote file names for the shell, byte for byte; at a terminal the screen shows them through the sanitiser instead.
    const text = renderLocalSteps(blocks);
    context.stdout.write(context.stdout.isTTY ? terminalText(text) : text);
  }
  batch.finish(context);
}
