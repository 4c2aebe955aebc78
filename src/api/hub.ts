import type { GgufFacts } from "../gguf/facts.js";
import { headerFacts } from "../gguf/model-facts.js";
import { makeHub, type Hub, type Progress } from "../model/hub/hub.js";
import { modelFromHub, modelIdOfUrl } from "../model/resolve.js";
import type { ModelData } from "../model/schema.js";
import type { RouterFacts } from "../model/router/facts.js";
import { fail } from "../outcome/problems.js";
import type { SearchHit } from "../search/hits.js";
import { searchRequest } from "../search/request.js";
import { z } from "zod";
import { checkArgument, checkOptions, HUB_OPTIONS_SCHEMA, SEARCH_FILTERS_SCHEMA, type HubOptions, type SearchFilters } from "./options.js";
import type { SearchRequest } from "../search/query.js";
import { searchModels as searchHub } from "../search/search.js";
import { attempt, ok, type Result } from "./problem.js";

/*
 * The hub, as the command line reaches it (retries, deadlines, the same
 * failures), made from the caller's options by the same makeHub the command
 * line and the MCP server use: nothing here reads process.env.
 */

/**
 * The hub each model getModel returned came from: a function that reads the model's GGUF header later (a plan for
 * `fits`, a context checked against the trained length) reads it from there, with the same token and fetch, unless
 * its own `hub` option names another. Held weakly and beside the data, so the metadata stays the hub's JSON.
 */
const HUB_OF_MODEL = new WeakMap<object, HubOptions>();

/** The hub options a call reads a model's files with: its own, else the hub the model came from, else the public hub. */
export function hubForModel(model: object, given: HubOptions | undefined): HubOptions {
  return given ?? HUB_OF_MODEL.get(model) ?? {};
}

/** The hub for a caller's options; `progress` hears what hub work says along the way (a cache that cannot be written). */
export function hubOf(options: HubOptions, progress?: Progress): Hub {
  return makeHub({
    endpoint: options.endpoint,
    token: options.token,
    router: options.router,
    cacheRoot: options.cacheDir,
    offline: options.offline === true,
    refresh: options.refresh === true,
    fetch: { ...options.settings, ...(options.fetch === undefined ? {} : { fetch: options.fetch }) },
    ...(progress === undefined ? {} : { progress }),
  });
}

/** The filters, checked as `hubref models` checks its flags. */
export function searchFilterRequest(filters: SearchFilters): SearchRequest {
  const { limit, ...rest } = filters;
  return searchRequest({ ...rest, ...(limit === undefined ? {} : { limit: String(limit) }) });
}

/** Models of the hub matching `filters`, as `hubref models --json` lists them. */
export async function searchModels(filters: SearchFilters = {}, hub: HubOptions = {}): Promise<Result<SearchHit[]>> {
  return attempt(async (progress) => {
    checkOptions(SEARCH_FILTERS_SCHEMA, filters, "searchModels()", "filters.");
    checkOptions(HUB_OPTIONS_SCHEMA, hub, "searchModels()", "hub.");
    const request = searchFilterRequest(filters);
    const { hits } = await searchHub(request, hubOf(hub, progress));
    return ok(hits);
  });
}

/** One model's metadata, as the hub's API returns it (with file sizes when `sizes`, for GGUF plans). */
export async function getModel(id: string, hub: HubOptions = {}, sizes = false): Promise<Result<ModelData>> {
  return attempt(async (progress) => {
    checkArgument(z.string(), id, "getModel()", "id");
    checkOptions(HUB_OPTIONS_SCHEMA, hub, "getModel()", "hub.");
    checkArgument(z.boolean(), sizes, "getModel()", "sizes");
    const reached = hubOf(hub, progress);
    // A model's page URL, as pasted from a browser, names the model as the command line takes it.
    const named = /^https?:\/\//i.test(id) ? modelIdOfUrl(id, reached.endpoint) : id;
    const { modelIdProblem } = await import("../model/model-id.js");
    const bad = modelIdProblem(named);
    if (bad !== undefined) fail({ kind: "not-a-model", given: id, why: bad });
    // A copy of its own, so that the hub it is remembered with is this call's alone.
    const model = { ...(await modelFromHub(named, reached, { sizes })) };
    HUB_OF_MODEL.set(model, hub);
    return ok(model);
  });
}

/** The facts of one GGUF file's header in a hub repository, read with range requests (a few MB at most). */
export async function getGgufHeader(id: string, file: string, hub: HubOptions = {}): Promise<Result<GgufFacts>> {
  return attempt(async (progress) => {
    checkArgument(z.string(), id, "getGgufHeader()", "id");
    checkArgument(z.string(), file, "getGgufHeader()", "file");
    checkOptions(HUB_OPTIONS_SCHEMA, hub, "getGgufHeader()", "hub.");
    const outcome = await headerFacts(id, file, { hub: hubOf(hub, progress) });
    if (outcome.facts === undefined) {
      if (outcome.unread.kind === "hub") fail(outcome.unread.problem);
      fail({ kind: "header-unreadable", file, detail: outcome.unread.detail });
    }
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
  const { loadRouterFacts } = await import("../model/router/load.js");
  return loadRouterFacts(hubOf(hub));
}
