import { existsSync } from "node:fs";
import { join } from "node:path";
import type { CommandContext } from "./context.js";
import { HubrefError } from "../errors.js";
import { CATALOGUE_DIR } from "../catalogue/paths.js";
import { PROVIDER_IDS } from "../inference/id-lists.js";
import { settleOptions } from "../inference/snippet.js";
import { cacheRoot, endpointFolder, escapeModelId } from "../model/hub/cache.js";
import { endpointHost, hubEndpoint, hubToken } from "../model/hub/endpoint.js";
import { fetchSettingsFromEnv } from "../model/hub/hub-get.js";
import { readModelFile } from "../model/read-model.js";
import { resolveModel } from "../model/resolve.js";
import type { ModelData } from "../model/schema.js";
import type { SearchHit } from "../search/hits.js";
import { offlineModels, searchOffline } from "../search/offline.js";
import { SORT_NAMES, type SearchRequest } from "../search/query.js";
import { searchModels } from "../search/search.js";
import { taskIds } from "../tasks/task-choice.js";
import type { BrowserServices, SearchReply } from "../ui/browser/types.js";
import type { Menu } from "../blocks/menu.js";

/*
 * `hubref models -i`: the browser's services. Online they search the hub and
 * fetch the chosen model with its provider mapping; offline (asked for, or
 * the hub unreachable) they list the catalogue's models and the cache's.
 */

const OFFLINE_NOTICE = "offline: its provider mapping is unknown, so the snippets are its task's";

/** A hub failure that means "no network" rather than "the hub said no". */
function unreachable(error: unknown): boolean {
  return error instanceof HubrefError && /^cannot reach the hub|did not answer within/.test(error.message);
}

/** The metadata of a model chosen offline: the catalogue's file, the cache's copy, or what the list knows. */
async function offlineModel(hit: SearchHit, env: NodeJS.ProcessEnv): Promise<{ model: ModelData; known: boolean }> {
  const file = join(CATALOGUE_DIR, "models", `${escapeModelId(hit.id)}.json`);
  if (existsSync(file)) return { model: await readModelFile(file), known: true };
  try {
    return { model: await resolveModel(hit.id, { env, offline: true }), known: true };
  } catch {
    return { model: { id: hit.id, tags: [], ...(hit.task ? { pipeline_tag: hit.task } : {}) }, known: false };
  }
}

async function inputFor(model: ModelData, offlineNotice: boolean): Promise<Menu> {
  // The snippet picker's menu, as `hubref snippet MODEL -i` builds it; loaded on the first Enter.
  const { modelMenu } = await import("../blocks/menu.js");
  const input = await modelMenu(model, settleOptions({}));
  if (input.loadBlocks(input.initialToggles).length === 0) {
    throw new Error(`${model.id}: no snippet for ${model.pipeline_tag ?? "a model without a task"}`);
  }
  return offlineNotice ? { ...input, notice: OFFLINE_NOTICE } : input;
}

export function browserServices(context: CommandContext, offline: boolean, preset: SearchRequest): BrowserServices {
  const env = context.env;
  const endpoint = hubEndpoint(env);
  const token = hubToken(env);
  const host = endpointHost(endpoint);
  const root = cacheRoot(env);
  let known: SearchHit[] | undefined;
  const offlineList = () => (known ??= offlineModels(root === undefined ? undefined : join(root, "models", endpointFolder(endpoint))));
  let wentOffline: string | undefined = offline ? "offline: catalogue and cached models" : undefined;

  const offlineReply = (request: SearchRequest): SearchReply => ({ hits: searchOffline(offlineList(), request), offline: wentOffline! });
  return {
    choices: { task: taskIds().sort(), provider: ["all", ...PROVIDER_IDS], sort: SORT_NAMES },
    source: wentOffline ?? host,
    preset,
    offline,
    search: async (request) => {
      if (wentOffline) return offlineReply(request);
      try {
        const { hits } = await searchModels(request, { endpoint, ...(token ? { token } : {}), settings: { ...fetchSettingsFromEnv(env), retries: 0 } });
        return { hits };
      } catch (error) {
        if (!unreachable(error)) throw error;
        wentOffline = `offline: ${host} is unreachable; catalogue and cached models`;
        return offlineReply(request);
      }
    },
    open: async (hit) => {
      if (!wentOffline) return inputFor(await resolveModel(hit.id, { env }), false);
      const { model, known: fromFile } = await offlineModel(hit, env);
      return inputFor(model, !fromFile || model.inferenceProviderMapping === undefined);
    },
  };
}
