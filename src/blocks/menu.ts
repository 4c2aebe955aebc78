import type { ModelData } from "../model/schema.js";
import { hasProviderMapping, requireProvider } from "../model/provider-mapping.js";
import type { SnippetLanguage } from "../libraries/generator.js";
import type { Client, Language } from "../inference/ids.js";
import type { SettledOptions } from "../inference/snippet.js";
import { SnippetProblem } from "../inference/problem.js";
import { isChatModel } from "../model/chat.js";
import { onlyRunsLocally } from "../inference/engine.js";
import { chosenProvider, pickerProviderChoices } from "../inference/model-for-provider.js";
import type { LocalContext, LocalRun } from "../local/run.js";
import { runOf } from "../local/run.js";
import { findApp } from "../apps/registry.js";
import type { CodeBlock, CodeSource, LibraryBlock, LocalBlock } from "./code-block.js";
import { appBlocks, hasLibraryCode, inferenceBlocks, libraryBlocks, localBlocks, noBlocksFailure, refusalOf } from "./model-blocks.js";
import type { Failure, Problem } from "../outcome/problems.js";

/*
 * Everything the picker can show for one model, as one menu of code blocks
 * from the same functions the printing command calls.
 */

/** Said in the picker's header for a model whose metadata maps no provider. */
export const NO_PROVIDER_NOTICE = "no inference provider serves this model";

/** The picker's toggles: they change the inference calls only. */
export interface MenuToggles {
  stream: boolean;
  direct: boolean;
}

/**
 * The command line's choices for the first screen, already checked as the
 * printing command checks them; the picker opens on them.
 */
export type MenuPresets =
  | { source?: undefined }
  | { source: "inference"; language?: Language; client?: Client }
  | { source: "library"; language?: SnippetLanguage }
  | { source: "local"; app: string; quant?: string };

export interface Menu {
  model: { id: string; pipelineTag?: string; libraryName?: string };
  /** Said in the header, e.g. that no inference provider serves the model. */
  notice?: string;
  /**
   * All blocks for the current toggles; called again when a toggle changes.
   * What kept some blocks out (hubref's own errors) goes to `report`, and the
   * picker shows it on its status line.
   */
  loadBlocks(toggles: MenuToggles, report?: (problem: Problem | string) => void): CodeBlock[];
  /** Whether the streaming toggle applies (chat models). */
  canStream: boolean;
  initialProvider?: string;
  /** The source the picker opens on when the command line named none: local apps for weights only they run. */
  initialSource?: CodeSource;
  presets: MenuPresets;
  /** The toggles the command line set (--stream, --direct). */
  initialToggles: MenuToggles;
  /** With a machine: whether a local run's quant fits it, whole on the GPU or with part of it in system memory. */
  quantFit?: (block: LocalBlock) => FitMark;
}

/** How a quant stands on the machine: whole in GPU memory (or in memory, without a GPU), only with part of it in system memory, or not at all. */
export type FitMark = "fits" | "offloaded" | undefined;

function fitMarkOf(run: LocalRun | undefined): FitMark {
  const plan = run?.plan;
  if (!plan?.fits) return undefined;
  return plan.placement === "gpu" || (plan.placement === "system" && run!.machine?.plan.gpus.length === 0) ? "fits" : "offloaded";
}

/** hubref's own refusals are the user's to see; anything else is a bug and stays loud. */
function problemOf(error: unknown): Problem | string {
  return error instanceof SnippetProblem ? error.problem : refusalOf(error);
}

function inferenceMenu(model: ModelData, base: SettledOptions, toggles: MenuToggles, report: (problem: Problem | string) => void): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  // The engine's choices, so auto means to the picker what it means to the command; the router's list adds the providers it serves.
  const router = base.router !== undefined && "models" in base.router ? base.router.models : undefined;
  // Each choice sets its own provider, policy or unlisted provider: the command line's are left out.
  const { routerPolicy: _policy, unlistedProvider: _unlisted, ...rest } = base;
  // Why a choice made nothing, said only when no choice made anything: the picker then says why the source is gone.
  const unmade = new Map<string, Problem | string>();
  // An endpoint of the user's own is one target: each provider choice would write the same code again.
  const choices = base.endpointUrl === undefined ? pickerProviderChoices(model, router) : [{ options: { provider: "auto" as const } }];
  for (const { options } of choices) {
    // auto, the router's policies and providers without hubref's table go through the router: nothing to call directly.
    if (toggles.direct && options.provider === "auto") continue;
    try {
      const made = inferenceBlocks(model, { ...rest, language: undefined, client: undefined, ...options, ...toggles });
      blocks.push(...made.blocks);
      if (made.blocks.length === 0) for (const problem of made.problems) unmade.set(JSON.stringify(problem), problem);
    } catch (error) {
      report(problemOf(error));
    }
  }
  if (blocks.length === 0) for (const problem of unmade.values()) report(problem);
  return blocks;
}

async function libraryMenu(model: ModelData): Promise<{ blocks: LibraryBlock[]; problem?: Problem | string }> {
  if (!hasLibraryCode(model)) return { blocks: [] };
  try {
    return { blocks: await libraryBlocks(model) };
  } catch (error) {
    return { blocks: [], problem: problemOf(error) };
  }
}

/**
 * Checks the presets against the model as the printing command would: what
 * it would refuse (a provider the mapping does not offer, a language or
 * client with no snippet, a library without code, an app or quant the model
 * lacks) exits 2 with the printing command's error before any screen opens.
 */
async function checkPresets(model: ModelData, base: SettledOptions, presets: MenuPresets, local?: LocalContext): Promise<MenuPresets> {
  if (base.provider !== "auto" && base.endpointUrl === undefined) requireProvider(model, base.provider);
  switch (presets.source) {
    case undefined:
      return presets;
    case "inference": {
      const printed = inferenceBlocks(model, base);
      if (printed.blocks.length === 0) throw noBlocksFailure(printed, model);
      return presets;
    }
    case "library":
      await libraryBlocks(model, presets.language);
      return presets;
    case "local": {
      const named = presets.quant === undefined ? {} : { quant: presets.quant };
      const run = local ? runOf(local, findApp(presets.app).key, named) : undefined;
      const [block] = (run ? appBlocks(model, presets.app, run) : appBlocks(model, presets.app, undefined, named)).blocks;
      return { source: "local", app: block!.app, ...(presets.quant !== undefined && block!.quant ? { quant: block!.quant.label } : {}) };
    }
  }
}

/**
 * What the picker shows for one model, from the command's settled options and
 * presets, and the local context each local quant is run in (a machine, which
 * also marks the quants that fit, or --ctx and the cache settings alone).
 */
export async function modelMenu(model: ModelData, base: SettledOptions, presets: MenuPresets = {}, context?: LocalContext): Promise<Menu> {
  const checked = await checkPresets(model, base, presets, context);
  const library = await libraryMenu(model);
  const local = localBlocks(model, context);
  const fits = context?.machine;
  const localOnly = onlyRunsLocally(model);
  const canStream = isChatModel(model);
  // The first screen's blocks are built once: to check there is something to show, then to show it.
  const built = new Map<string, { blocks: CodeBlock[]; problems: (Problem | string)[] }>();
  const build = (toggles: MenuToggles) => {
    const key = `${toggles.stream} ${toggles.direct}`;
    let found = built.get(key);
    if (!found) {
      const problems: (Problem | string)[] = [];
      const report = (problem: Problem | string) => problems.push(problem);
      if (library.problem !== undefined) report(library.problem);
      // Why an app that runs the model offers nothing here: what `snippet --app KEY` would exit with.
      for (const problem of local.problems) report(problem);
      // No provider maps it: every provider would be offered, and none serves it.
      const inference = localOnly ? [] : inferenceMenu(model, base, toggles, report);
      found = { blocks: [...inference, ...library.blocks, ...local.blocks], problems };
      built.set(key, found);
    }
    return found;
  };
  return {
    model: {
      id: model.id,
      ...(model.pipeline_tag ? { pipelineTag: model.pipeline_tag } : {}),
      ...(model.library_name ? { libraryName: model.library_name } : {}),
    },
    ...(!hasProviderMapping(model) ? { notice: NO_PROVIDER_NOTICE } : {}),
    loadBlocks: (toggles, report = () => {}) => {
      const { blocks, problems } = build(toggles);
      for (const problem of problems) report(problem);
      return blocks;
    },
    canStream,
    initialProvider: base.routerPolicy ?? base.unlistedProvider ?? chosenProvider(model, base),
    ...(localOnly && local.blocks.length > 0 ? { initialSource: "local" as const } : {}),
    initialToggles: { stream: base.stream && canStream, direct: base.direct },
    presets: checked,
    ...(fits === undefined ? {} : { quantFit: (block: LocalBlock) => fitMarkOf(local.runs.get(block)) }),
  };
}

/** The same error the printing command gives for a model with nothing to show. */
export function nothingToShow(model: ModelData, base: SettledOptions, problems: readonly (Problem | string)[]): Failure {
  const printed = inferenceBlocks(model, base);
  return noBlocksFailure({ problems: [...printed.problems, ...problems], hints: [] });
}
