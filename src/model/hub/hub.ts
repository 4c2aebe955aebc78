import type { HubStep } from "../../outcome/hub-notes.js";
import type { Note } from "../../outcome/notes.js";
import { DEFAULT_HUB_ENDPOINT, DEFAULT_ROUTER_URL, endpointHost, parseEndpoint, parseRouter, parseToken } from "./endpoint.js";
import { DEFAULT_FETCH_SETTINGS, type HubFetchSettings } from "./hub-get.js";
import { cacheStore, DEFAULT_CACHE_TTL_MS, type CacheStore } from "./store.js";

/*
 * The hub as every domain function reaches it, built once at each edge (the
 * command line from its environment, the library from its options, the MCP
 * server through the same function) and handed down: where it is, the
 * token, how requests are sent, the one cache with its one policy, and the
 * progress channel, the only way anything reaches a terminal while the hub
 * is asked. Nothing below the edges reads the environment.
 */

/** What a long step and hub work say while they run; the command line draws a spinner and prints warnings, the library collects. */
export interface Progress {
  /** A step that may take a while begins; the function returned ends it. */
  begin(step: HubStep): () => void;
  /** Something the run goes on without (a cache that cannot be written). */
  notice(note: Note): void;
}

export const SILENT: Progress = { begin: () => () => undefined, notice: () => undefined };

export interface HubConfig {
  /** The hub's base URL; the public hub when absent. */
  endpoint?: string | undefined;
  token?: string | undefined;
  /** The router's base URL; the public router when absent, unless `endpoint` names another hub (then there is none). */
  router?: string | undefined;
  /** The folder hubref keeps its cache in; nothing is kept when absent. */
  cacheRoot?: string | undefined;
  offline?: boolean;
  refresh?: boolean;
  ttlMs?: number;
  now?: () => number;
  fetch?: Partial<HubFetchSettings>;
  progress?: Progress;
}

export interface Hub {
  readonly endpoint: string;
  /** The endpoint's host, as messages and spinners name it. */
  readonly host: string;
  readonly token: string | undefined;
  /** The router's base URL, or undefined when there is none to ask. */
  readonly router: string | undefined;
  readonly settings: HubFetchSettings;
  readonly cache: CacheStore;
  readonly progress: Progress;
  /** The same hub, telling its progress elsewhere (the reads of a batch, which one spinner covers). */
  withProgress(progress: Progress): Hub;
}

/**
 * The hub for a configuration: the one place endpoint, token and router are
 * checked. Each is checked when first asked for, so a command that never
 * reaches the hub (a model file read, a listing) is not stopped by a setting
 * it does not use.
 */
export function makeHub(config: HubConfig = {}): Hub {
  const given = config.endpoint?.trim();
  const once = <T>(make: () => T): (() => T) => {
    let made: { value: T } | undefined;
    return () => (made ??= { value: make() }).value;
  };
  const endpoint = once(() => (given ? parseEndpoint(given) : DEFAULT_HUB_ENDPOINT));
  const router = once(() => {
    const routerGiven = config.router?.trim();
    return routerGiven ? parseRouter(routerGiven) : given ? undefined : DEFAULT_ROUTER_URL;
  });
  const token = once(() => parseToken(config.token));
  const settings: HubFetchSettings = { ...DEFAULT_FETCH_SETTINGS, ...config.fetch };
  const policy = {
    offline: config.offline === true,
    refresh: config.refresh === true,
    ttlMs: config.ttlMs ?? DEFAULT_CACHE_TTL_MS,
    now: config.now ?? Date.now,
  };
  // The cache warns through whichever progress the hub tells at the time.
  let current = config.progress ?? SILENT;
  const cache = cacheStore(config.cacheRoot, policy, (note) => current.notice(note));
  const hubWith = (told: Progress): Hub => ({
    get endpoint() {
      return endpoint();
    },
    get host() {
      return endpointHost(endpoint());
    },
    get token() {
      return token();
    },
    get router() {
      return router();
    },
    settings,
    cache,
    progress: told,
    withProgress: (other) => {
      current = other;
      return hubWith(other);
    },
  });
  return hubWith(current);
}
