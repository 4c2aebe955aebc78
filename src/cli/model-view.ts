import { resolveOptionsOf, type CacheFlags, type CommandContext } from "./context.js";
import { checkFlags } from "./flag-rules.js";
import { formatBytes } from "../util/bytes.js";
import { commandRefOf, resolveModelArgument } from "../model/resolve.js";
import { modelOffer, type ModelOffer } from "../offer/offer.js";
import { renderJson, styleFor, type Style } from "../output/output.js";
import { padTo } from "../output/pad.js";
import { terminalLine } from "../output/terminal-text.js";

/** The options as commander hands them over. */
export interface ModelViewOptions extends CacheFlags {
  json: boolean;
}

/** `hubref model MODEL`, parsed. */
export interface ModelViewCommand extends CacheFlags {
  model: string;
  json: boolean;
}

/** Parses `hubref model`'s argument and flags into one command, or throws the usage error. */
export function parseModelViewCommand(model: string, raw: ModelViewOptions): ModelViewCommand {
  checkFlags("model", (flag) => raw[flag]);
  return { model, json: raw.json, offline: raw.offline, refresh: raw.refresh };
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
    const rows = offer.quants.map((quant) => [
      show(quant.quant ?? "-"),
      quant.size === null ? "-" : formatBytes(quant.size),
      quant.shards > 1 ? `${quant.shards} files` : "1 file",
      quant.isDefault ? "default" : "",
      quant.command ?? style.dim(`(no quant label: --file ${show(quant.file)})`),
    ]);
    lines.push(...section("GGUF quants", rows, style));
  }
  return `${lines.join("\n")}\n`;
}

/** `hubref model MODEL`. */
export async function runModelView(command: ModelViewCommand, context: CommandContext): Promise<void> {
  const resolved = await resolveModelArgument(command.model, resolveOptionsOf(command, context, { sizes: true }));
  const offer = modelOffer(resolved.model, commandRefOf(resolved));
  if (command.json) {
    context.stdout.write(renderJson(offer));
    return;
  }
  context.stdout.write(renderOffer(offer, await styleFor(context.stdout, context.env)));
}
