import { join } from "node:path";
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { HubrefError, operationalError, usageError } from "../../errors.js";
import type { OutputStream } from "../../output/output.js";
import { cacheRoot, endpointFolder, DEFAULT_CACHE_TTL_MS, writeCacheFile } from "../hub/cache.js";
import { endpointHost, hubToken } from "../hub/endpoint.js";
import { fetchSettingsFromEnv, hubGet, type HubFetchSettings } from "../hub/hub-get.js";
import { parseRouterModels, type RouterFacts, type RouterModels } from "./facts.js";

/*
 * The router's model list, read like a model's metadata: cached for a day
 * per router, --offline reads the cache whatever its age, --refresh fetches
 * again, HF_TOKEN is sent, and failures are the hub's messages.
 */

const DEFAULT_ROUTER_URL = "https://router.huggingface.co";

/**
 * The router's base URL: HUBREF_ROUTER_URL, or the public router. With
 * HF_ENDPOINT naming another hub (a mirror, a private hub, a test server)
 * and no HUBREF_ROUTER_URL, there is no router to ask: undefined.
 */
export function routerEndpoint(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.HUBREF_ROUTER_URL?.trim();
  if (!raw) return env.HF_ENDPOINT?.trim() ? undefined : DEFAULT_ROUTER_URL;
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol))
    throw usageError(
      `HUBREF_ROUTER_URL is not an http(s) URL: ${JSON.stringify(raw)}`,
      `set it to the router's base URL, such as ${DEFAULT_ROUTER_URL}, or unset it`,
    );
  const url = new URL(raw);
  return url.origin + url.pathname.replace(/\/+$/, "");
}

export interface RouterLoadOptions {
  env: NodeJS.ProcessEnv;
  offline?: boolean;
  refresh?: boolean;
  stderr?: OutputStream;
  cacheTtlMs?: number;
  fetch?: Partial<HubFetchSettings>;
  now?: () => number;
}

const CacheFileSchema = z.object({ version: z.literal(1), fetchedAt: z.iso.datetime(), endpoint: z.string(), list: z.unknown() });

function cacheFile(env: NodeJS.ProcessEnv, endpoint: string): string | undefined {
  const root = cacheRoot(env);
  return root === undefined ? undefined : join(root, "router", endpointFolder(endpoint), "models.json");
}

async function readCached(file: string, endpoint: string): Promise<{ fetchedAt: number; models: RouterModels } | undefined> {
  try {
    const entry = CacheFileSchema.safeParse(JSON.parse(await readFile(file, "utf8")));
    if (!entry.success || entry.data.endpoint !== endpoint) return undefined;
    const models = parseRouterModels(entry.data.list);
    return models === undefined ? undefined : { fetchedAt: Date.parse(entry.data.fetchedAt), models };
  } catch {
    // A missing or damaged file is fetched again and overwritten.
    return undefined;
  }
}

/** The router's model list, or undefined when there is no router to ask (see routerEndpoint). */
export async function loadRouterModels(options: RouterLoadOptions): Promise<RouterModels | undefined> {
  const endpoint = routerEndpoint(options.env);
  if (endpoint === undefined) return undefined;
  const now = options.now ?? Date.now;
  const file = cacheFile(options.env, endpoint);
  if (file !== undefined && !options.refresh) {
    const cached = await readCached(file, endpoint);
    // A date in the future (a clock that moved back) is not trusted, as for model metadata.
    const age = cached === undefined ? -1 : now() - cached.fetchedAt;
    if (cached && (options.offline || (age >= 0 && age < (options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS)))) return cached.models;
  }
  if (options.offline) {
    throw operationalError(
      file
        ? "the router's model list is not in the cache, and --offline forbids fetching it"
        : "--offline needs a cache, and there is none: neither XDG_CACHE_HOME nor HOME is set",
      "run once without --offline to fetch and cache it",
    );
  }
  const token = hubToken(options.env);
  const id = `${endpointHost(endpoint)}/v1/models`;
  const context = { id, host: endpointHost(endpoint), modelPage: endpoint, hasToken: token !== undefined };
  const settings = { ...fetchSettingsFromEnv(options.env), ...options.fetch };
  const response = await hubGet(`${endpoint}/v1/models`, context, { endpoint, ...(token ? { token } : {}), settings });
  let value: unknown;
  try {
    value = JSON.parse(response.body);
  } catch {
    value = undefined;
  }
  const models = parseRouterModels(value);
  if (models === undefined)
    throw operationalError(`the router's answer at ${id} is not a model list`, "try again later, or set HUBREF_ROUTER_URL if it names the wrong router");
  if (file !== undefined) {
    const text = JSON.stringify({ version: 1, fetchedAt: new Date(now()).toISOString(), endpoint, list: value });
    const outcome = await writeCacheFile(file, text);
    if (!outcome.written)
      options.stderr?.write(`warning: cannot write the router's model list to the cache (${outcome.reason}); hubref will fetch it again next time\n`);
  }
  return models;
}

/**
 * The router's list for a command that goes on without it (the --tools and
 * --schema check): a failure, --offline without a cache or no router to ask
 * becomes the reason there is none, which the check says in one note.
 */
export async function loadRouterFacts(options: RouterLoadOptions): Promise<RouterFacts> {
  try {
    const models = await loadRouterModels(options);
    if (models === undefined) return { unavailable: "no router to ask (HF_ENDPOINT names another hub and HUBREF_ROUTER_URL is not set)" };
    return { models };
  } catch (error) {
    if (!(error instanceof HubrefError)) throw error;
    return { unavailable: `no model list from the router (${error.message.split("\n")[0]})` };
  }
}
