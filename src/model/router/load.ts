import { fail, isFailure } from "../../outcome/problems.js";
import type { Hub } from "../hub/hub.js";
import { hubGet, requestContext } from "../hub/hub-get.js";
import { endpointHost } from "../hub/endpoint.js";
import type { CacheKind } from "../hub/store.js";
import { parseRouterModels, type RouterFacts, type RouterModels } from "./facts.js";

/*
 * The router's model list, read like a model's metadata: through the hub's
 * cache (one entry per router), with the hub's token, and failures in the
 * hub's terms.
 */

/** The list as the router sent it, checked again when read back. */
const ROUTER_ENTRY: CacheKind<{ list: unknown; models: RouterModels }> = {
  folder: "router",
  version: 2,
  parse(value) {
    const list = (value as { list?: unknown } | null)?.list;
    const models = parseRouterModels(list);
    return models === undefined ? undefined : { list, models };
  },
};

/** The router's model list, or undefined when there is no router to ask (see makeHub). */
export async function loadRouterModels(hub: Hub): Promise<RouterModels | undefined> {
  const router = hub.router;
  if (router === undefined) return undefined;
  const entry = await hub.cache.through(ROUTER_ENTRY, { origin: router, key: "models", thing: { kind: "router" } }, async () => {
    const options = { endpoint: router, token: hub.token, settings: hub.settings };
    const response = await hubGet(`${router}/v1/models`, requestContext({ kind: "router" }, options), options);
    let list: unknown;
    try {
      list = JSON.parse(response.body);
    } catch {
      list = undefined;
    }
    const models = parseRouterModels(list);
    if (models === undefined) fail({ kind: "hub-bad-answer", host: endpointHost(router), subject: { kind: "router" }, found: "not-list" });
    return { list, models };
  });
  return entry.models;
}

/**
 * The router's list for a command that goes on without it (the --tools and
 * --schema check): a failure, --offline without a cache or no router to ask
 * becomes the reason there is none, which the check says in one note.
 */
export async function loadRouterFacts(hub: Hub): Promise<RouterFacts> {
  try {
    const models = await loadRouterModels(hub);
    if (models === undefined) return { unavailable: { kind: "no-router" } };
    return { models };
  } catch (error) {
    if (!isFailure(error)) throw error;
    return { unavailable: { kind: "router-failed", problem: error.problem } };
  }
}
