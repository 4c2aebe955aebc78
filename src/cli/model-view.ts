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
import type { QuantFitRow, QuantFits as QuantFitsView } from "../search/fits-quants.js";

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
function renderOffer(offer: ModelOffer, style: Style, fits?: QuantFitsView): string {
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
    const judged = fits?.rows;
    const rows = offer.quants.map((quant, index) => [
      show(quant.quant ?? "-"),
      quant.size === null ? "-" : formatBytes(quant.size),
      quant.shards > 1 ? `${quant.shards} files` : "1 file",
      quant.isDefault ? "default" : "",
      ...(judged ? fitCells(judged[index], style) : []),
      quant.command ?? style.dim(`(no quant label: --file ${show(quant.file)})`),
    ]);
    lines.push(...section(judged && fits ? `GGUF quants ${show(fits.heading)}` : "GGUF quants", rows, style));
  }
  return `${lines.join("\n")}\n`;
}

/** Whether a quant fits, where it runs and how fast (estimated); empty cells where it was not judged. */
function fitCells(row: QuantFitRow | undefined, style: Style): string[] {
  if (!row) return ["", "", ""];
  if (!row.fits) return [style.dim("does not fit"), "", ""];
  return ["fits", row.runs, row.speed ?? ""];
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

/** The quants' fits, for a GGUF repository when --fits, --ctx or the machine (a GPU or Apple chip found) asks. */
async function quantFits(command: ModelViewCommand, context: CommandContext, resolved: ResolvedModel, offer: ModelOffer): Promise<QuantFitsView | undefined> {
  if (offer.quants === null || offer.quants.length === 0 || command.fitsOff) return undefined;
  const { judgeQuants } = await import("../search/fits-quants.js");
  const view = await judgeQuants(command, resolved, offer.quants, planAccessOf(context, command));
  for (const note of view?.notes ?? []) context.stderr.write(`note: ${terminalLine(note)}\n`);
  return view;
}

/** `hubref model MODEL`. */
export async function runModelView(command: ModelViewCommand, context: CommandContext): Promise<void> {
  const resolved = await resolveModelArgument(command.model, hubOf(context, command), { sizes: true });
  const offer = writtenOffer(modelOffer(resolved.model, commandRefOf(resolved)));
  const fits = await quantFits(command, context, resolved, offer);
  // The router lists chat models only; a model file is read without the network.
  const router = resolved.source.kind === "hub" && isChatModel(resolved.model) ? await routerFacts(command, context, resolved.model.id) : undefined;
  if (command.json) {
    context.stdout.write(renderJson({ ...offer, ...(fits && { fits: fits.report }), ...(router !== undefined && { routerProviders: router.providers }) }));
    return;
  }
  const style = await styleFor(context.stdout, context.env);
  let text = renderOffer(offer, style, fits);
  if (router?.providers) {
    text +=
      router.providers.length > 0
        ? renderRouterFacts(router.providers, style)
        : `\n${style.bold("Providers, as the router lists them")}\n${style.dim("  the router does not list this model")}\n`;
  }
  context.stdout.write(text);
}
