import type { GgufFacts } from "../gguf/facts.js";
import { headerFacts } from "../gguf/model-facts.js";
import type { HubFetchSettings } from "../model/hub/hub-get.js";
import { hubEndpoint } from "../model/hub/endpoint.js";
import { modelFromHub, modelIdOfUrl, type ResolveOptions } from "../model/resolve.js";
import type { ModelData } from "../model/schema.js";
import type { RouterFacts } from "../model/router/facts.js";
import type { SearchHit } from "../search/hits.js";
import { searchRequest, type SearchInput } from "../search/request.js";
import { searchModels as searchHub } from "../search/search.js";
import { attempt, ok, type Result } from "./problem.js";

/*
 * The hub, as the command line reaches it (retries, deadlines, the same
 * failure messages), with what the command reads from its environment given
 * as options: nothing here reads process.env.
 */

export interface HubOptions {
  /** The hub's base URL; the public hub when absent. */
  endpoint?: string;
  token?: string;
  /** Sends every request; the global fetch when absent. */
  fetch?: typeof globalThis.fetch;
  /** A folder to cache metadata and GGUF headers in, as the command line does in ~/.cache/hubref; no cache when absent. */
  cacheDir?: string;
  /** Answer from the cache only (needs `cacheDir`). */
  offline?: boolean;
  /** Deadlines and retries: `headersTimeoutMs`, `bodyTimeoutMs`, `retries`, … */
  settings?: Partial<Omit<HubFetchSettings, "fetch">>;
  /** The router's base URL (its model list); the public router when absent, and none when `endpoint` names another hub. */
  router?: string;
}

/** The environment the domain functions read, made from the options alone. */
function hubEnv(hub: HubOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  if (hub.endpoint !== undefined) env.HF_ENDPOINT = hub.endpoint;
  if (hub.token !== undefined) env.HF_TOKEN = hub.token;
  if (hub.cacheDir !== undefined) env.XDG_CACHE_HOME = hub.cacheDir;
  if (hub.router !== undefined) env.HUBREF_ROUTER_URL = hub.router;
  return env;
}

function fetchSettings(hub: HubOptions): Partial<HubFetchSettings> {
  return { ...hub.settings, ...(hub.fetch === undefined ? {} : { fetch: hub.fetch }) };
}

/** How the domain functions are told to reach the hub, for a caller's options. */
export function resolveOptions(hub: HubOptions, extra: Partial<ResolveOptions> = {}): ResolveOptions {
  return { env: hubEnv(hub), fetch: fetchSettings(hub), ...(hub.offline ? { offline: true } : {}), ...extra };
}

/** The filters of `hubref models`, as values: `task`, `library`, `provider`, `app`, `author`, `gguf`, `params` ("7B..14B"), `sort`, `limit`. */
export interface SearchFilters extends Omit<SearchInput, "limit"> {
  limit?: number | string;
}

/** Models of the hub matching `filters`, as `hubref models --json` lists them. */
export async function searchModels(filters: SearchFilters = {}, hub: HubOptions = {}): Promise<Result<SearchHit[]>> {
  return attempt(async () => {
    const { limit, ...rest } = filters;
    const request = searchRequest({ ...rest, ...(limit === undefined ? {} : { limit: String(limit) }) });
    const { env, fetch } = resolveOptions(hub);
    const { hubEndpoint, hubToken } = await import("../model/hub/endpoint.js");
    const token = hubToken(env);
    const { hits } = await searchHub(request, { endpoint: hubEndpoint(env), ...(token ? { token } : {}), ...(fetch ? { settings: fetch } : {}) });
    return ok(hits);
  });
}

/** One model's metadata, as the hub's API returns it (with file sizes when `sizes`, for GGUF plans). */
export async function getModel(id: string, hub: HubOptions = {}, sizes = false): Promise<Result<ModelData>> {
  return attempt(async () => {
    const options = resolveOptions(hub, { sizes });
    // A model's page URL, as pasted from a browser, names the model as the command line takes it.
    const named = /^https?:\/\//i.test(id) ? modelIdOfUrl(id, hubEndpoint(options.env)) : id;
    const { modelIdProblem } = await import("../model/model-id.js");
    const bad = modelIdProblem(named);
    if (bad !== undefined) return { ok: false, problem: { code: "invalid-input", message: `'${id}' is not a hub model id (${bad})` } };
    return ok(await modelFromHub(named, options));
  });
}

/** The facts of one GGUF file's header in a hub repository, read with range requests (a few MB at most). */
export async function getGgufHeader(id: string, file: string, hub: HubOptions = {}): Promise<Result<GgufFacts>> {
  return attempt(async () => {
    const { env, fetch, offline } = resolveOptions(hub);
    const outcome = await headerFacts(id, file, { env, ...(fetch ? { fetch } : {}), ...(offline ? { offline } : {}) });
    if (outcome.facts === undefined) return { ok: false, problem: { code: "unavailable", message: outcome.reason } };
    return ok(outcome.facts);
  });
}

/**
 * The router's model list, for inferenceSnippets' `router` option: with it,
 * `tools` and `schema` are checked as the command line checks them (a
 * provider without the feature is refused, auto chooses one that has it).
 * Never fails: where there is no list, it says why, and the check becomes a note.
 */
export async function getRouterFacts(hub: HubOptions = {}): Promise<RouterFacts> {
  const { env, fetch, offline } = resolveOptions(hub);
  const { loadRouterFacts } = await import("../model/router/load.js");
  return loadRouterFacts({ env, ...(offline ? { offline } : {}), ...(fetch ? { fetch } : {}) });
}
