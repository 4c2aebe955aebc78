import { appBlocks } from "../blocks/model-blocks.js";
import { commandRefOf, type ResolvedModel } from "../model/resolve.js";
import { shellWord } from "../format/shell.js";
import { isFailure } from "../outcome/problems.js";
import type { ServeEngine } from "../outcome/serve-problems.js";
import type { Style } from "../output/output.js";
import { terminalLine } from "../output/terminal-text.js";
import { servePlanReport, type ServePlanReport } from "../serve/report.js";
import { formatBytes } from "../util/bytes.js";
import { ENGINE_LABELS } from "../words/serve-words.js";
import { hubOf, type CacheFlags, type CommandContext } from "./context.js";
import type { FitsOptions } from "./fits-options.js";
import { cliText } from "./names.js";
import { detectedGpu, serveSettingsOf } from "./serve-settings.js";
import { servesSafetensors } from "./snippet-serve.js";

/*
 * The model page's serving verdict for a safetensors repository (no GGUF
 * files) when --fits names the hardware: the plan of `snippet --app vllm
 * --fits` (MLX LM on an Apple chip), from the same domain function, with the
 * context that fits, the concurrency, the KV cache, whether it starts and
 * the server's command. A plan that cannot be made is said on the page, as
 * the GGUF quants' table says a machine it cannot judge.
 */

export interface ServePage {
  engine: ServeEngine;
  hardware: string;
  fits: boolean;
  plan: ServePlanReport | null;
  /** The server's command as the snippet prints it, when it starts. */
  command: string | null;
  /** The snippet that prints it, with the run asked. */
  snippet: string;
  /** Why it does not start, or why there is no plan, and what would. */
  why?: string;
  hint?: string;
}

/** What the page was asked (`hubref model`'s command): the run, and whether --fits is off. */
type PageRequest = CacheFlags & FitsOptions & { fitsOff?: boolean };

/** The server for the hardware: MLX LM on an Apple chip for an MLX repository, vLLM otherwise. */
function engineFor(command: PageRequest, resolved: ResolvedModel): ServeEngine {
  const fits = command.local.machine?.fits;
  const apple = fits?.kind === "hardware" && fits.hardware.device.kind === "apple";
  return apple && servesSafetensors("mlx-lm", resolved) ? "mlx-lm" : "vllm";
}

const SERVE_LINE = /^(vllm serve|python3 -m sglang\.launch_server|mlx_lm\.server) /;

/** The page's serving verdict, or undefined when it is not asked (no --fits) or not a server's model. */
export async function servePage(command: PageRequest, context: CommandContext, resolved: ResolvedModel): Promise<ServePage | undefined> {
  const machine = command.local.machine;
  if (command.fitsOff || machine === undefined) return undefined;
  const { hasSafetensors } = await import("../safetensors/model-facts.js");
  if (!hasSafetensors(resolved.model)) return undefined;
  const engine = engineFor(command, resolved);
  if (!servesSafetensors(engine, resolved)) return undefined;
  const { cacheTypeK, cacheTypeV, flashAttention, ctx, prefer } = command.local;
  const settings = serveSettingsOf(engine, {
    run: { ctx, cacheTypeK, cacheTypeV, flashAttention },
    serve: {},
    llamaCppOnly: machine.ram !== undefined || machine.margin !== undefined || prefer !== undefined,
  });
  const found = await detectedGpu(machine.fits, context);
  for (const note of found.notes) context.stderr.write(`note: ${terminalLine(note)}\n`);
  const snippet = ["hubref snippet", shellWord(commandRefOf(resolved)), "--app", engine, ...command.runArgs].join(" ");
  const { serveVerdict } = await import("../serve/run.js");
  try {
    const verdict = await serveVerdict({
      engine,
      model: resolved.model,
      fits: machine.fits,
      settings,
      facts: { hub: hubOf(context, command) },
      ...(found.detectedGpuBytes !== undefined && { detectedGpuBytes: found.detectedGpuBytes }),
    });
    const plan = servePlanReport(verdict.plan);
    if (verdict.problem) {
      const text = cliText(verdict.problem);
      return { engine, hardware: verdict.hardware.label, fits: false, plan, command: null, snippet, why: text.message, ...(text.hint && { hint: text.hint }) };
    }
    const steps = appBlocks(resolved.model, engine, undefined, { serve: verdict.command! }).blocks.flatMap((block) => block.steps);
    const serve = steps.find((step) => SERVE_LINE.test(step.content))?.content.replace(/\s*&$/, "") ?? null;
    return { engine, hardware: verdict.hardware.label, fits: true, plan, command: serve, snippet };
  } catch (error) {
    if (!isFailure(error)) throw error;
    const text = cliText(error.problem);
    return { engine, hardware: "", fits: false, plan: null, command: null, snippet, why: text.message, ...(text.hint && { hint: text.hint }) };
  }
}

const tokens = (count: number) => count.toLocaleString("en-US");

/** The page's section: one row per figure, the command last. */
export function serveSection(page: ServePage, style: Style): string[] {
  const show = terminalLine;
  const engine = `${ENGINE_LABELS[page.engine]}${page.plan && page.engine !== "mlx-lm" ? ` ${page.plan.version}` : ""}`;
  const title = page.hardware === "" ? `Serving with ${engine}` : `Serving with ${engine} on ${show(page.hardware)}`;
  const lines = ["", style.bold(title)];
  const row = (label: string, value: string) => lines.push(`  ${label.padEnd(16)}${value}`);
  const plan = page.plan;
  if (!page.fits || !plan) {
    row("starts", style.dim(`no: ${show(page.why ?? "")}`));
    if (page.hint) row(page.hint.startsWith("what would: ") ? "what would" : "hint", show(page.hint.replace(/^what would: /, "")));
    return lines;
  }
  row("starts", "yes");
  row(
    "max model len",
    `${tokens(plan.maxModelLen)} tokens${plan.maxModelLen === plan.trainedContext ? " (the trained length)" : ` (trained: ${tokens(plan.trainedContext)})`}`,
  );
  row("concurrency", `${plan.maxConcurrency.toFixed(2)} requests of that length at once`);
  row("KV cache", `${tokens(plan.kvCacheTokens)} tokens, ${formatBytes(plan.kvCacheBytes)}${plan.tensorParallelSize > 1 ? " per GPU" : ""}`);
  row("weights", `${formatBytes(plan.weightsBytes)}${plan.tensorParallelSize > 1 ? ` per GPU, over ${plan.tensorParallelSize} GPUs` : ""}`);
  if (page.command) row("command", show(page.command));
  row("snippet", show(page.snippet));
  return lines;
}
