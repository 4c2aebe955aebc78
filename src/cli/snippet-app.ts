import { planAccessOf, type CommandContext } from "./context.js";
import { renderJson } from "../output/output.js";
import { terminalLine, terminalText } from "../output/terminal-text.js";
import { resolveModelArgument } from "../model/resolve.js";
import { findApp } from "../apps/registry.js";
import type { LocalBlock } from "../blocks/code-block.js";
import { appBlocks, renderLocalSteps } from "../blocks/model-blocks.js";
import type { SnippetCommand } from "./snippet-command.js";
import { localJson } from "../blocks/json-batch.js";
import { Batch } from "./snippet-batch.js";
import { runVerdict, saidLines } from "./local-words.js";
import { runServeSnippet, type ServeSnippetCommand } from "./snippet-serve.js";

/*
 * `hubref snippet MODEL --app KEY [--quant TYPE | --file PATH] [--fits SIZE|HARDWARE|auto [--ram SIZE] [--margin SIZE]
 * [--prefer quality|speed]] [--ctx N|max|fit] [--cache-type T | --cache-type-k T --cache-type-v T] [--flash-attn on|off|auto]`:
 * the commands that run the model on the user's machine, carrying the local run's settings (src/local/ chose the
 * file and planned it; this prints what it returns).
 */

type AppCommand = Extract<SnippetCommand, { mode: "app" }>;

/** What a server of safetensors weights is asked: the machine's GPUs, the context, its own memory settings. */
function serveCommandOf(command: AppCommand, app: string): ServeSnippetCommand {
  const { machine, ctx, cacheTypeK, cacheTypeV, flashAttention, prefer } = command.local;
  return {
    app,
    ...(machine && { fits: machine.fits }),
    run: { ctx, cacheTypeK, cacheTypeV, flashAttention },
    serve: command.serve,
    llamaCppOnly: machine?.ram !== undefined || machine?.margin !== undefined || prefer !== undefined,
    offline: command.offline,
    refresh: command.refresh,
  };
}

export async function runAppSnippet(command: AppCommand, context: CommandContext): Promise<void> {
  const batch = new Batch(command.models.length, command.verbose, context.stderr);
  const blocks: LocalBlock[] = [];
  const json: unknown[] = [];
  const note = (text: string) => context.stderr.write(`note: ${terminalLine(text)}\n`);
  const key = findApp(command.app).key;
  const planned = command.local.machine !== undefined || command.local.ctx !== undefined;
  await batch.each(command.models, async (arg) => {
    const access = planAccessOf(context, command);
    const resolved = await resolveModelArgument(arg, access.hub, { sizes: command.local.machine !== undefined });
    // A server of safetensors weights (vLLM, SGLang, MLX LM) has its own plan.
    const served = await runServeSnippet(serveCommandOf(command, key), resolved, context);
    if (served) {
      for (const text of served.notes) note(text);
      blocks.push(...served.blocks);
      json.push(...served.json);
      return;
    }
    // Without a machine or a context, nothing is read: the default file (or the one named) with the app's defaults.
    const { planLocalRun } = await import("../local/run.js");
    const run = await planLocalRun(resolved, command.local, key, access);
    const result = appBlocks(resolved.model, key, run);
    for (const line of saidLines(result.notes)) context.stderr.write(`${line}\n`);
    for (const line of runVerdict(run, command.verbose)) note(line);
    blocks.push(...result.blocks);
    const { planReport } = await import("../local/report.js");
    const report = planned && run.plan && run.machine ? { plan: planReport(run.plan, run.machine) } : {};
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
