import { hubOf, planAccessOf, type CacheFlags, type CommandContext } from "./context.js";
import { cliError } from "./names.js";
import { checkFlags, givenValue } from "./flag-rules.js";
import { fitsOptions, type FitsOptions, type RawFitsOptions } from "./fits-options.js";
import { formatBytes } from "../util/bytes.js";
import { commandRefOf, resolveModelArgument, type ResolvedModel } from "../model/resolve.js";
import { modelOffer, type ModelOffer } from "../offer/offer.js";
import { writtenOffer } from "../words/commands.js";
import { renderJson, styleFor, type Style } from "../output/output.js";
import { padTo } from "../output/pad.js";
import { terminalLine } from "../output/terminal-text.js";
import { isChatModel } from "../model/chat.js";
import type { RouterProvider } from "../model/router/facts.js";
import type { LocalContext } from "../local/run.js";
import type { OfferedRun } from "../offer/offer.js";
import { machineWords, speedWords, whereItRuns } from "../words/local-words.js";
import { CLI_NAMES, cliText, noteLine } from "./names.js";

/** The options as commander hands them over. */
export interface ModelViewOptions extends CacheFlags, RawFitsOptions {
  json: boolean;
}

/** `hubref model MODEL`, parsed. */
export interface ModelViewCommand extends CacheFlags, FitsOptions {
  model: string;
  json: boolean;
  /** `--fits off`: no fit columns, whatever the machine. */
  fitsOff?: boolean;
}

/** Parses `hubref model`'s argument and flags into one command, or throws the usage error. */
export function parseModelViewCommand(model: string, raw: ModelViewOptions): ModelViewCommand {
  checkFlags("model", (flag) => givenValue(raw[flag]));
  const off = raw.fits !== undefined && /^\s*off\s*$/i.test(raw.fits);
  const fits = fitsOptions(off ? { ...raw, fits: undefined } : raw);
  return { model, json: raw.json, offline: raw.offline, refresh: raw.refresh, ...fits, ...(off && { fitsOff: true }) };
}

/** Rows of cells, aligned per section; the last cell (the command) is never padded. */
function section(title: string, rows: string[][], style: Style): string[] {
  if (rows.length === 0) return [];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => style.width(row[column] ?? ""))));
  const lines = rows.map((row) =>
    `  ${row.map((cell, column) => (column === row.length - 1 ? cell : padTo(cell, widths[column]!, style.width))).join("  ")}`.trimEnd(),
  );
  return ["", style.bold(title), ...lines];
}

/** The view for people: every hub string through the sanitiser, each way to use the model ending in its command. */
function renderOffer(offer: ModelOffer, style: Style): string {
  const show = terminalLine;
  const tags = [
    offer.tags.conversational && "conversational",
    offer.tags.gguf && "gguf",
    offer.tags.mlx && "mlx",
    offer.tags.customCode && "custom_code (runs the repository's own code)",
    offer.tags.license !== null && `license ${show(offer.tags.license)}`,
    offer.tags.gated && "gated (accept its terms on the hub; HF_TOKEN)",
  ].filter(Boolean);
  const lines = [
    style.bold(show(offer.id)),
    `  task     ${show(offer.task ?? "-")}`,
    `  library  ${show(offer.library ?? "-")}`,
    `  tags     ${tags.length > 0 ? tags.join(", ") : "-"}`,
  ];

  const live = offer.providers.filter((provider) => provider.status === "live");
  const other = offer.providers.filter((provider) => provider.status !== "live");
  const providerRow = (provider: ModelOffer["providers"][number]) => [
    show(provider.provider),
    show(provider.status),
    show(provider.providerId),
    provider.command ?? style.dim(provider.status === "live" ? "(hubref has no snippets for this provider)" : "(not callable until live)"),
  ];
  if (offer.providers.length === 0) lines.push("", style.bold("Hosted inference"), style.dim("  no inference provider serves it (its metadata maps none)"));
  else {
    const title = offer.inferenceCommand ? `Hosted inference (any provider: ${offer.inferenceCommand})` : "Hosted inference";
    lines.push(...section(title, [...live, ...other].map(providerRow), style));
  }

  if (offer.apps.length === 0) lines.push("", style.bold("Local apps"), style.dim("  no local app runs it"));
  else
    lines.push(
      ...section(
        "Local apps",
        offer.apps.map((app) => [show(app.label), app.quant === null ? "" : show(app.quant), app.command]),
        style,
      ),
    );

  lines.push(
    ...(offer.libraryCode
      ? section("Library usage code", [[show(offer.libraryCode.library), offer.libraryCode.command]], style)
      : ["", style.bold("Library usage code"), style.dim(`  ${offer.library === null ? "no library named" : `none for ${show(offer.library)}`}`)]),
  );

  if (offer.quants !== null && offer.quants.length > 0) {
    const judged = offer.machine !== undefined && offer.machine.problem === undefined;
    const hasGpu = offer.quants.some((quant) => quant.run?.plan.devices.some((device) => device.device !== "system memory"));
    const rows = offer.quants.map((quant) => [
      show(quant.quant ?? "-"),
      quant.size === null ? "-" : formatBytes(quant.size),
      quant.shards > 1 ? `${quant.shards} files` : "1 file",
      quant.isDefault ? "default" : "",
      ...(judged ? fitCells(quant.run, hasGpu, style) : []),
      quant.command ??
        style.dim(quant.loadable ? `(no quant label: --file ${show(quant.file)})` : "(an ARM repack current llama.cpp no longer loads: use Q4_0)"),
    ]);
    lines.push(...section(judged ? `GGUF quants ${show(quantsHeading(offer))}` : "GGUF quants", rows, style));
  }
  return `${lines.join("\n")}\n`;
}

/** "on RTX 4090, 24 GB (25.77 GB), at 8,192 tokens of context; speeds are estimates". */
function quantsHeading(offer: ModelOffer): string {
  const machine = offer.machine!;
  const context = machine.context === null ? "" : `, at ${machine.context.toLocaleString("en-US")} tokens of context`;
  const speeds = offer.quants?.some((quant) => quant.run?.speed) ? "; speeds are estimates" : "";
  return `${machineWords({ budget: { label: machine.budget }, ...(machine.ram && { ram: machine.ram }) }, CLI_NAMES)}${context}${speeds}`;
}

/** Whether a quant fits, where it runs and how fast (estimated); empty cells where it was not judged. */
function fitCells(run: OfferedRun | undefined, hasGpu: boolean, style: Style): string[] {
  if (!run) return ["", "", ""];
  if (!run.fits) return [style.dim("does not fit"), "", ""];
  return ["fits", whereItRuns(run, "short", hasGpu), run.speed ? speedWords(run.speed.generationTokensPerSecond) : ""];
}

/** "128k" for a context length in tokens. */
function tokensText(tokens: number): string {
  return tokens >= 1024 && tokens % 1024 === 0 ? `${tokens / 1024}k` : String(tokens);
}

/** "$0.2" for a price; a price is the router's number, so it is printed as a number, never as text. */
function priceText(price: number): string {
  return `$${Number(price.toPrecision(4))}`;
}

function yesNo(value: boolean | null, yes: string): string {
  return value === null ? "" : value ? yes : `no ${yes}`;
}

/** The router's facts, per provider, live first: what a chat request through each costs and can do. */
function renderRouterFacts(providers: readonly RouterProvider[], style: Style): string {
  const live = providers.filter((provider) => provider.status === "live");
  const other = providers.filter((provider) => provider.status !== "live");
  const rows = [...live, ...other].map((provider) => [
    terminalLine(provider.provider),
    terminalLine(provider.status),
    provider.contextLength === null ? "-" : `${tokensText(provider.contextLength)} ctx`,
    provider.pricing === null ? "-" : `${priceText(provider.pricing.input)} in / ${priceText(provider.pricing.output)} out per 1M tokens`,
    yesNo(provider.supportsTools, "tools"),
    yesNo(provider.supportsStructuredOutput, "structured output"),
  ]);
  // The last cell is not padded: an empty one is dropped with the trailing spaces.
  return `${section("Providers, as the router lists them", rows, style).join("\n")}\n`;
}

/**
 * The router's facts about a hub model served for chat, or why there are
 * none (undefined: not asked). A failure does not hide the rest of the view:
 * it is one warning, as the hub would word it.
 */
async function routerFacts(command: ModelViewCommand, context: CommandContext, id: string): Promise<{ providers: RouterProvider[] | null } | undefined> {
  const { loadRouterModels } = await import("../model/router/load.js");
  try {
    const models = await loadRouterModels(hubOf(context, command));
    if (models === undefined) return undefined;
    return { providers: [...(models.get(id) ?? [])] };
  } catch (error) {
    const known = cliError(error);
    if (!known) throw error;
    context.stderr.write(`warning: no provider facts from the router: ${terminalLine(known.message)}\n`);
    return { providers: null };
  }
}

/**
 * The local context of the page, for a GGUF repository when --fits, --ctx or the machine (a GPU or Apple chip
 * found) asks; undefined when nothing is asked and nothing found. Its notes go to stderr.
 */
async function localContext(
  command: ModelViewCommand,
  context: CommandContext,
  resolved: ResolvedModel,
): Promise<{ local: LocalContext; unasked: boolean } | undefined> {
  if (command.fitsOff) return undefined;
  const { hasFileList, hasGguf } = await import("../apps/gguf-files.js");
  if (!hasGguf(resolved.model) || !hasFileList(resolved.model)) return undefined;
  const asked =
    command.local.machine !== undefined ||
    command.local.ctx !== undefined ||
    command.local.cacheTypeK !== undefined ||
    command.local.flashAttention !== undefined;
  // A model file has no header of its own: unasked, its page stays as it was rather than gain a note.
  if (!asked && resolved.source.kind !== "hub") return undefined;
  const { machineOf } = await import("../local/machine.js");
  const { prepareLocal } = await import("../local/run.js");
  const request = { ...command.local, machine: command.local.machine ?? { fits: { kind: "auto" as const } } };
  const access = planAccessOf(context, command);
  const machine = await machineOf(request.machine, access.detect!);
  // Unasked, a machine without a GPU gets no fit columns: every quant "fits" in system memory says little.
  if (!asked && machine.plan.gpus.length === 0) return undefined;
  const local = await prepareLocal(resolved, request, access, machine);
  return { local, unasked: command.local.machine === undefined };
}

/** What the page says beside the view: what auto found, the header read, why there are no fit columns. */
function pageNotes(offer: ModelOffer, local: LocalContext | undefined): string[] {
  if (!local) return [];
  const notes = [...local.notes, ...(offer.machine?.notes ?? [])].map((note) => {
    const { level, text } = noteLine(note);
    return `${level}: ${text}`;
  });
  const problem = offer.machine?.problem;
  if (problem) notes.push(`note: ${cliText(problem).message}: the quants are listed without whether they fit`);
  return notes;
}

/** The page's fits as --json gives them: the machine, the context, and each quant's plan. */
function fitsReport(offer: ModelOffer) {
  const machine = offer.machine!;
  const hasGpu = offer.quants?.some((quant) => quant.run?.plan.devices.some((device) => device.device !== "system memory")) ?? false;
  return {
    budget: machine.budget,
    context: machine.context,
    quants:
      machine.problem || !offer.quants
        ? null
        : offer.quants.flatMap((quant) =>
            quant.run
              ? [
                  {
                    quant: quant.quant,
                    file: quant.file,
                    fits: quant.run.fits,
                    runs: whereItRuns(quant.run, "short", hasGpu),
                    speed: quant.run.speed,
                    plan: quant.run.plan,
                  },
                ]
              : [],
          ),
    ...(machine.problem && { why: cliText(machine.problem).message }),
  };
}

/** `hubref model MODEL`. */
export async function runModelView(command: ModelViewCommand, context: CommandContext): Promise<void> {
  const resolved = await resolveModelArgument(command.model, hubOf(context, command), { sizes: true });
  const page = await localContext(command, context, resolved);
  // Each local command repeats the run asked, so that it reproduces its row; judged on this machine unasked, with --fits auto.
  const auto = page?.unasked ? ["--fits", "auto"] : [];
  const runArgs = { chosen: [...auto, ...command.runArgs], named: [...auto, ...command.namedRunArgs] };
  const offer = writtenOffer(modelOffer(resolved.model, commandRefOf(resolved), page?.local, runArgs));
  for (const line of pageNotes(offer, page?.local)) context.stderr.write(`${terminalLine(line)}\n`);
  const fits = offer.machine ? fitsReport(offer) : undefined;
  // A safetensors repository has no quants to judge: the server's plan on the hardware named instead.
  const serve = page ? undefined : await (await import("./model-serve.js")).servePage(command, context, resolved);
  // The router lists chat models only; a model file is read without the network.
  const router = resolved.source.kind === "hub" && isChatModel(resolved.model) ? await routerFacts(command, context, resolved.model.id) : undefined;
  if (command.json) {
    const { machine: _machine, ...rest } = offer;
    context.stdout.write(
      renderJson({ ...rest, ...(fits && { fits }), ...(serve && { serve }), ...(router !== undefined && { routerProviders: router.providers }) }),
    );
    return;
  }
  const style = await styleFor(context.stdout, context.env);
  let text = renderOffer(offer, style);
  if (serve) text += `${(await import("./model-serve.js")).serveSection(serve, style).join("\n")}\n`;
  if (router?.providers) {
    text +=
      router.providers.length > 0
        ? renderRouterFacts(router.providers, style)
        : `\n${style.bold("Providers, as the router lists them")}\n${style.dim("  the router does not list this model")}\n`;
  }
  context.stdout.write(text);
}
