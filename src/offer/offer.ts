import { localBlocks } from "../blocks/model-blocks.js";
import { isGated } from "../model/access.js";
import { hasFileList, hasGguf } from "../apps/gguf-files.js";
import { quantRows } from "../apps/quant-listing.js";
import { PROVIDER_IDS, PROVIDER_NAME } from "../inference/id-lists.js";
import { hasSnippetGenerator } from "../libraries/registry.js";
import { providerMappings } from "../model/provider-mapping.js";
import type { ModelData } from "../model/schema.js";
import { quantCatalogue } from "../quant/catalogue.js";
import { isChatModel } from "../model/chat.js";
import { closestMatch } from "../util/suggest.js";

/*
 * What one model offers, gathered from the functions the snippet command
 * itself uses (provider mapping, local runs, library registry, GGUF listing),
 * so `hubref model` never promises code that `hubref snippet` refuses. Each
 * way to use the model carries the command that prints its code: here what
 * that command asks (a SnippetCommand), written out at the edges, whose
 * flags they are (src/words/commands.ts). `Command` is the command as the
 * offer carries it: a SnippetCommand here, its text once written.
 */

/** What a `hubref snippet` command line asks for the model. */
export interface SnippetCommand {
  /** The model as the commands name it: a hub id, or a file's path. */
  model: string;
  provider?: string;
  app?: string;
  quant?: string;
  /** The model's library's usage code. */
  library?: true;
}

export interface OfferedProvider<Command = string> {
  provider: string;
  /** The provider's name for the model: hub text. */
  providerId: string;
  status: string;
  task: string;
  /** Null when hubref has no snippets for this provider, or it is not live. */
  command: Command | null;
}

export interface OfferedApp<Command = string> {
  app: string;
  label: string;
  kind: "snippet" | "deeplink";
  /** The GGUF quant the app runs by default, when it takes a file. */
  quant: string | null;
  command: Command;
}

export interface OfferedQuant<Command = string> {
  quant: string | null;
  file: string;
  shards: number;
  size: number | null;
  isDefault: boolean;
  /** With an app that loads one GGUF file; null for a file no quant label reads from. */
  command: Command | null;
}

export interface ModelOffer<Command = string> {
  id: string;
  task: string | null;
  library: string | null;
  tags: {
    conversational: boolean;
    gguf: boolean;
    mlx: boolean;
    customCode: boolean;
    license: string | null;
    gated: boolean;
  };
  /** The snippet command with the hub choosing the provider; null when no provider serves it live. */
  inferenceCommand: Command | null;
  providers: OfferedProvider<Command>[];
  apps: OfferedApp<Command>[];
  libraryCode: { library: string; command: Command } | null;
  /** Null when the repository has no GGUF files or no file list. */
  quants: OfferedQuant<Command>[] | null;
}

const KNOWN_PROVIDERS: ReadonlySet<string> = new Set(PROVIDER_IDS);

/**
 * Whether `hubref snippet` writes code for a provider named on its command line: a provider
 * hubref knows, or, for chat, any provider the router serves (named after the
 * model), when its name is a plain slug that the command would not take for
 * a typo of a known one.
 */
function callable(model: ModelData, provider: string): boolean {
  if (KNOWN_PROVIDERS.has(provider)) return true;
  return isChatModel(model) && PROVIDER_NAME.test(provider) && closestMatch(provider, [...PROVIDER_IDS, "auto", "fastest", "cheapest"]) === undefined;
}

function license(model: ModelData): string | null {
  const card = model.cardData?.license;
  if (typeof card === "string") return card;
  if (Array.isArray(card) && typeof card[0] === "string") return card[0];
  const tag = model.tags.find((name) => name.startsWith("license:"));
  return tag === undefined ? null : tag.slice("license:".length);
}

/**
 * The offer of `model`. `source` is how the commands name it: the file path
 * typed for a file, the hub id otherwise (stdin cannot be read twice).
 */
export function modelOffer(model: ModelData, source: string): ModelOffer<SnippetCommand> {
  const snippet: SnippetCommand = { model: source };
  const mappings = providerMappings(model);
  const providers = mappings.map((mapping) => ({
    provider: mapping.provider,
    providerId: mapping.providerId,
    status: mapping.status,
    task: mapping.task,
    command: mapping.status === "live" && callable(model, mapping.provider) ? { ...snippet, provider: mapping.provider } : null,
  }));
  const live = providers.filter((provider) => provider.command !== null);

  const apps: OfferedApp<SnippetCommand>[] = [];
  for (const run of localBlocks(model).blocks) {
    if (run.quant !== null && !run.quant.isDefault) continue;
    apps.push({ app: run.app, label: run.appLabel, kind: run.kind, quant: run.quant?.label ?? null, command: { ...snippet, app: run.app } });
  }

  let quants: OfferedQuant<SnippetCommand>[] | null = null;
  if (hasGguf(model) && hasFileList(model)) {
    const fileApp = apps.find((app) => app.quant !== null)?.app;
    const defaultQuant = apps.find((app) => app.quant !== null)?.quant ?? null;
    quants = [];
    const seen = new Set<string>();
    for (const row of quantRows(model, quantCatalogue())) {
      // Several files can read as one quant (Q4_0 and its repacked forms): the command picks one of them by quant, so one row.
      if (row.projector || (row.quant !== null && seen.has(row.quant))) continue;
      if (row.quant !== null) seen.add(row.quant);
      quants.push({
        quant: row.quant,
        file: row.file,
        shards: row.shards,
        size: row.size,
        isDefault: row.quant !== null && row.quant === defaultQuant,
        command: fileApp === undefined || row.quant === null ? null : { ...snippet, app: fileApp, quant: row.quant },
      });
    }
  }

  const library = model.library_name ?? null;
  return {
    id: model.id,
    task: model.pipeline_tag ?? null,
    library,
    tags: {
      conversational: model.tags.includes("conversational"),
      gguf: hasGguf(model) || model.tags.includes("gguf"),
      mlx: model.library_name === "mlx" || model.tags.includes("mlx"),
      customCode: model.tags.includes("custom_code"),
      license: license(model),
      gated: isGated(model),
    },
    inferenceCommand: live.length > 0 ? snippet : null,
    providers,
    apps,
    libraryCode: library !== null && hasSnippetGenerator(library) ? { library, command: { ...snippet, library: true } } : null,
    quants,
  };
}
