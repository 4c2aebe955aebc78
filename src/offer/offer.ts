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
import { quantRuns, runOf, type LocalContext, type LocalRun } from "../local/run.js";
import { planReport, speedReport, type PlanReport, type SpeedReport } from "../local/report.js";
import { isFailure, type Problem } from "../outcome/problems.js";
import type { LocalNote } from "../outcome/local-notes.js";

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
  /** The words that ask the machine and the run the page was planned for (`--fits … --ctx …`), as the command line gave them. */
  run?: readonly string[];
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
  /** The GGUF quant the app runs: by default, or the one chosen for the machine asked about. */
  quant: string | null;
  command: Command;
}

/** A quant planned on the machine asked about, as `snippet --app llama.cpp --quant Q` with the same settings plans it. */
export interface OfferedRun {
  fits: boolean;
  placement: PlanReport["placement"];
  gpuLayers: number;
  layerCount: number;
  cpuMoeLayers: number;
  speed: SpeedReport | null;
  plan: PlanReport;
}

export interface OfferedQuant<Command = string> {
  quant: string | null;
  file: string;
  shards: number;
  size: number | null;
  isDefault: boolean;
  /** False for a type current llama.cpp no longer loads (the ARM repacks of Q4_0): listed, never chosen. */
  loadable: boolean;
  /** With an app that loads one GGUF file; null for a file no quant label reads from, or one llama.cpp cannot load. */
  command: Command | null;
  /** With a machine: the plan on it. */
  run?: OfferedRun;
}

/** With a machine: what it is, the context the quants are planned at, and why there is no plan where there is none. */
export interface OfferedMachine {
  budget: string;
  /** The system memory beside the GPUs, and where the figure comes from. */
  ram?: { bytes: number; source: "given" | "assumed" | "found" | "named" };
  context: number | null;
  /** The problem that left the quants unplanned (no header to size the cache from, a context the plan refuses). */
  problem?: Problem;
  /** What every quant's plan says alike (a context beyond the trained length, a cache rule hubref lacks): said once. */
  notes: LocalNote[];
}

/** The notes of a plan that are the model's, not one quant's: every quant's plan says them alike. */
const MODEL_NOTES: ReadonlySet<LocalNote["kind"]> = new Set([
  "ctx-beyond-trained",
  "no-trained-length",
  "unknown-cache-rule",
  "no-vocab-size",
  "mla-uncompressed",
]);

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
  /** With a machine asked about (or found). */
  machine?: OfferedMachine;
}

const KNOWN_PROVIDERS: ReadonlySet<string> = new Set(PROVIDER_IDS);

/**
 * Whether `hubref snippet --provider NAME` writes code for it: a provider
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

function offeredRun(run: LocalRun): OfferedRun | undefined {
  if (!run.plan || !run.machine) return undefined;
  const { plan } = run;
  return {
    fits: plan.fits,
    placement: plan.placement,
    gpuLayers: plan.gpuLayers,
    layerCount: plan.layerCount,
    cpuMoeLayers: plan.cpuMoeLayers,
    speed: speedReport(run.speed),
    plan: planReport(plan, run.machine),
  };
}

/**
 * The offer of `model`. `source` is how the commands name it: the file path
 * typed for a file, the hub id otherwise (stdin cannot be read twice).
 * `local`: the machine and run asked about (`--fits`, `--ctx`): each app's
 * quant is the one chosen for it, each quant planned on it; `runArgs` are the
 * words that ask the same of `hubref snippet`, added to every local command so
 * each reproduces its row (`named`: for the rows that name their quant, which
 * leave out what only chooses a file).
 */
export function modelOffer(
  model: ModelData,
  source: string,
  local?: LocalContext,
  runArgs: { chosen: readonly string[]; named: readonly string[] } = { chosen: [], named: [] },
): ModelOffer<SnippetCommand> {
  const snippet: SnippetCommand = { model: source };
  const asked = runArgs.chosen.length > 0 ? { run: runArgs.chosen } : {};
  const askedNamed = runArgs.named.length > 0 ? { run: runArgs.named } : {};
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
  for (const block of localBlocks(model).blocks) {
    if (block.quant !== null && !block.quant.isDefault) continue;
    // With a machine, the quant each app would be given for it: the run's own choice.
    const chosen = local && block.quant !== null ? chosenLabel(local, block.app) : undefined;
    apps.push({
      app: block.app,
      label: block.appLabel,
      kind: block.kind,
      quant: chosen ?? block.quant?.label ?? null,
      command: { ...snippet, app: block.app, ...(block.quant !== null || local?.request.ctx !== undefined ? asked : {}) },
    });
  }

  let quants: OfferedQuant<SnippetCommand>[] | null = null;
  let machine: OfferedMachine | undefined;
  if (hasGguf(model) && hasFileList(model)) {
    const fileApp = apps.find((app) => app.quant !== null)?.app;
    const defaultQuant = apps.find((app) => app.quant !== null)?.quant ?? null;
    // Each quant planned as `snippet --app llama.cpp --quant Q` plans it on the machine asked about.
    const runs = local?.machine ? quantRuns(local, "llama.cpp") : [];
    const runOfQuant = new Map(runs.map((entry) => [entry.group.label, entry]));
    if (local?.machine) {
      const problem = runs.find((entry) => entry.problem)?.problem;
      const context = runs.find((entry) => entry.run?.plan)?.run?.plan?.context ?? null;
      const { ram } = local.machine;
      const planned = runs.find((entry) => entry.run?.plan)?.run?.plan;
      const notes = planned ? planned.notes.filter((note) => MODEL_NOTES.has(note.kind)) : [];
      machine = { budget: local.machine.budget.label, ...(ram && { ram }), context, notes, ...(problem && !runs.some((entry) => entry.run) && { problem }) };
    }
    quants = [];
    const seen = new Set<string>();
    for (const row of quantRows(model, quantCatalogue())) {
      // Several files can read as one quant (a label shared by several files): --quant picks one of them, so one row.
      if (row.projector || (row.quant !== null && seen.has(row.quant))) continue;
      if (row.quant !== null) seen.add(row.quant);
      const planned = row.quant === null ? undefined : runOfQuant.get(row.quant)?.run;
      const offered = planned ? offeredRun(planned) : undefined;
      quants.push({
        quant: row.quant,
        file: row.file,
        shards: row.shards,
        size: row.size,
        isDefault: row.quant !== null && row.quant === defaultQuant,
        loadable: row.loadable,
        command: fileApp === undefined || row.quant === null || !row.loadable ? null : { ...snippet, app: fileApp, quant: row.quant, ...askedNamed },
        ...(offered && { run: offered }),
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
    ...(machine && { machine }),
  };
}

/** The quant `app` is given for the local context's machine (or its default); undefined where it cannot run. */
function chosenLabel(local: LocalContext, app: string): string | undefined {
  try {
    return runOf(local, app as Parameters<typeof runOf>[1], {}).file?.variant.label ?? undefined;
  } catch (error) {
    if (isFailure(error)) return undefined;
    throw error;
  }
}
