import { existsSync } from "node:fs";
import { join } from "node:path";
import { hubOf, type CommandContext } from "./context.js";
import type { LocalHub } from "../local/header.js";
import { isFailure } from "../outcome/problems.js";
import { SILENT, type Hub } from "../model/hub/hub.js";
import { CATALOGUE_DIR } from "../catalogue/paths.js";
import { PROVIDER_IDS } from "../inference/id-lists.js";
import { settleOptions } from "../inference/snippet.js";
import { endpointFolder } from "../model/hub/cache-paths.js";
import { MODEL_ENTRY } from "../model/hub/model-entry.js";
import { readableName } from "../model/hub/store.js";
import { readModelFile } from "../model/read-model.js";
import { resolveModel, resolveModelArgument } from "../model/resolve.js";
import type { ModelData } from "../model/schema.js";
import type { SearchHit } from "../search/hits.js";
import { offlineModels, searchOffline } from "../search/offline.js";
import { SORT_NAMES, type SearchRequest } from "../search/query.js";
import { searchModels } from "../search/search.js";
import { taskAliases, taskIds } from "../tasks/task-choice.js";
import type { BrowserRequest, BrowserServices, SearchHit as BrowserHit, SearchReply } from "../ui/browser/types.js";
import type { Menu } from "../blocks/menu.js";
import { fitsOptions, type FitsOptions } from "./fits-options.js";
import { hardwareCatalogue } from "../hardware/catalogue.js";
import type { LocalContext } from "../local/run.js";
import type { LocalRequest } from "../local/request.js";

/*
 * `hubref models -i`: the browser's services. Online they search the hub and
 * fetch the chosen model with its provider mapping; offline (asked for, or
 * the hub unreachable) they list the catalogue's models and the cache's.
 */

const OFFLINE_NOTICE = "offline: its provider mapping is unknown, so the snippets are its task's";

/** A hub failure that means "no network" rather than "the hub said no". */
function unreachable(error: unknown): boolean {
  return isFailure(error) && (error.problem.kind === "hub-unreachable" || error.problem.kind === "hub-timeout");
}

/** The metadata of a model chosen offline: the catalogue's file, the cache's copy, or what the list knows. */
async function offlineModel(hit: SearchHit, hub: Hub): Promise<{ model: ModelData; known: boolean }> {
  const file = join(CATALOGUE_DIR, "models", `${readableName(hit.id) ?? hit.id}.json`);
  if (existsSync(file)) return { model: await readModelFile(file), known: true };
  try {
    return { model: await resolveModel(hit.id, hub), known: true };
  } catch {
    return { model: { id: hit.id, tags: [], ...(hit.task ? { pipeline_tag: hit.task } : {}) }, known: false };
  }
}

/**
 * The fits row's values: auto, then every device of the hardware list that
 * names its memory, once per size it is sold with (`Apple M3 Max:64`), so
 * that each is a --fits value; a value the command line gave that is none of
 * these (a size, several cards) first.
 */
function fitsChoices(given: string | undefined): { choices: string[]; preset?: string } {
  const devices = hardwareCatalogue().devices.flatMap((device) => {
    if (device.kind === "cpu" || !device.memoryGB) return [];
    const sizes = [...device.memoryGB].sort((a, b) => a - b);
    return sizes.length === 1 ? [device.name] : sizes.map((size) => `${device.name}:${size}`);
  });
  const choices = ["auto", ...devices];
  if (given === undefined) return { choices };
  const same = choices.find((choice) => choice.toLowerCase() === given.trim().toLowerCase());
  return same === undefined ? { choices: [given.trim(), ...choices], preset: given.trim() } : { choices, preset: same };
}

/** The run asked of every row, with the machine the fits row names. */
function rowRequest(fits: string, options: FitsOptions): LocalRequest & Required<Pick<LocalRequest, "machine">> {
  // The row's value is one of the choices (a device, auto) or the command line's own: parsed as --fits parses it,
  // with --margin and --ram kept (--ram where the row names a GPU).
  const parsed = fitsOptions({ fits }).local.machine!.fits;
  const { ram, margin } = options.local.machine ?? {};
  const gpu = parsed.kind === "auto" || (parsed.kind === "hardware" && parsed.hardware.device.kind === "gpu");
  return { ...options.local, machine: { fits: parsed, ...(margin !== undefined && { margin }), ...(ram !== undefined && gpu && { ram }) } };
}

/** The list's rows that fit, each with its quant, where it runs and its estimated speed: `hubref models --fits`, searched. */
async function fitsSearch(request: BrowserRequest, fits: string, options: FitsOptions, access: LocalHub): Promise<SearchReply> {
  const { fits: _label, ...search } = request;
  const { searchFitting } = await import("../search/fits-search.js");
  const { machineWords, speedWords, whereItRuns } = await import("../words/local-words.js");
  const { CLI_NAMES } = await import("./names.js");
  const outcome = await searchFitting({ search, local: rowRequest(fits, options), access });
  const hasGpu = outcome.machine.plan.gpus.length > 0;
  const hits: BrowserHit[] = outcome.rows.map((row) => ({
    ...row.hit,
    fit: {
      quant: row.quant ?? row.file,
      size: row.size,
      runs: whereItRuns(row.plan, "short", hasGpu),
      ...(row.speed && { speed: speedWords(row.speed.generation) }),
    },
  }));
  return { hits, budget: machineWords(outcome.machine, CLI_NAMES) };
}

async function inputFor(model: ModelData, offlineNotice: boolean, fitted?: { quant: string; local: LocalContext }): Promise<Menu> {
  // The snippet picker's menu, as `hubref snippet MODEL -i` builds it (with --app llama.cpp --quant Q --fits F); loaded on the first Enter.
  const { modelMenu } = await import("../blocks/menu.js");
  const input = fitted
    ? await modelMenu(model, settleOptions({}), { source: "local", app: "llama.cpp", quant: fitted.quant }, fitted.local)
    : await modelMenu(model, settleOptions({}));
  if (input.loadBlocks(input.initialToggles).length === 0) {
    throw new Error(`${model.id}: no snippet for ${model.pipeline_tag ?? "a model without a task"}`);
  }
  return offlineNotice ? { ...input, notice: OFFLINE_NOTICE } : input;
}

export function browserServices(
  context: CommandContext,
  offline: boolean,
  preset: SearchRequest,
  fitsPreset: { text?: string } & FitsOptions = { local: {}, runArgs: [], namedRunArgs: [] },
): BrowserServices {
  // The screen is the browser's: hub work draws no spinner of its own on stderr.
  const hubFor = (cache: { offline: boolean; refresh: boolean }): Hub => hubOf(context, cache).withProgress(SILENT);
  const hub = hubFor({ offline, refresh: false });
  const host = hub.host;
  const access: LocalHub = { hub, detect: { env: context.env } };
  const fitsRow = fitsChoices(fitsPreset.text);
  let known: SearchHit[] | undefined;
  const root = hub.cache.root;
  const offlineList = () => (known ??= offlineModels(root === undefined ? undefined : join(root, MODEL_ENTRY.folder, endpointFolder(hub.endpoint))));
  let wentOffline: string | undefined = offline ? "offline: catalogue and cached models" : undefined;

  const offlineReply = (request: SearchRequest): SearchReply => ({ hits: searchOffline(offlineList(), request), offline: wentOffline! });
  const tasks = taskIds().sort();
  return {
    choices: { task: tasks, provider: ["all", ...PROVIDER_IDS], sort: SORT_NAMES, fits: fitsRow.choices },
    // The task row takes the names --task takes: `t2i`, `asr`, a task's label.
    aliases: { task: taskAliases(tasks) },
    source: wentOffline ?? host,
    preset: { ...preset, ...(fitsRow.preset !== undefined && { fits: fitsRow.preset }) },
    offline,
    search: async (request) => {
      if (request.fits !== undefined) return fitsSearch(request, request.fits, fitsPreset, { ...access, hub });
      if (wentOffline) return offlineReply(request);
      try {
        // One try: an unreachable hub turns the browser offline at once rather than after the retries.
        const { hits } = await searchModels(request, { endpoint: hub.endpoint, token: hub.token, settings: { ...hub.settings, retries: 0 } });
        return { hits };
      } catch (error) {
        if (!unreachable(error)) throw error;
        wentOffline = `offline: ${host} is unreachable; catalogue and cached models`;
        return offlineReply(request);
      }
    },
    open: async (hit, fits) => {
      if (fits !== undefined && hit.fit !== undefined) {
        // The picker opens on the quant the row shows, planned as `snippet ID --app llama.cpp --fits F --quant Q` plans it.
        const { prepareLocal } = await import("../local/run.js");
        const resolved = await resolveModelArgument(hit.id, hub, { sizes: true });
        const local = await prepareLocal(resolved, rowRequest(fits, fitsPreset), access);
        return inputFor(resolved.model, false, { quant: hit.fit.quant, local });
      }
      if (!wentOffline) return inputFor(await resolveModel(hit.id, hubFor({ offline: false, refresh: false })), false);
      const { model, known: fromFile } = await offlineModel(hit, hubFor({ offline: true, refresh: false }));
      return inputFor(model, !fromFile || model.inferenceProviderMapping === undefined);
    },
  };
}
