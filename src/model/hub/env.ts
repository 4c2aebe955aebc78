import { isAbsolute, join } from "node:path";
import { fail } from "../../outcome/problems.js";
import type { HubSetting } from "../../outcome/hub-problems.js";
import type { HubConfig } from "./hub.js";
import type { HubFetchSettings } from "./hub-get.js";

/*
 * The hub's configuration from a process's environment: what the command
 * line and the MCP server read (HF_ENDPOINT, HF_TOKEN, HUBREF_ROUTER_URL,
 * the cache folder, the deadlines). The one place the environment is read
 * for the hub; everything below takes the Hub made from it.
 */

/** `${XDG_CACHE_HOME:-$HOME/.cache}/hubref`, or undefined when neither is set (then nothing is cached). */
export function cacheRoot(env: NodeJS.ProcessEnv): string | undefined {
  // The XDG spec says to ignore a relative XDG_CACHE_HOME.
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, "hubref");
  const home = env.HOME;
  if (home && isAbsolute(home)) return join(home, ".cache", "hubref");
  return undefined;
}

/** A whole number from the environment, or undefined when unset; out of range is a usage problem naming the setting. */
export function envCount(env: NodeJS.ProcessEnv, setting: HubSetting, name: string, min: number, max: number): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) fail({ kind: "hub-setting-invalid", setting, found: "not-count", value: raw, min, max });
  return value;
}

/**
 * Settings a person (or a test) may change from the environment: on a slow
 * link a longer deadline, in a test a short one, so a hung hub costs a second.
 * HUBREF_HUB_TIMEOUT_MS bounds the wait for the headers and for the body each;
 * HUBREF_HUB_RETRIES is the number of tries after the first.
 */
export function fetchSettingsFromEnv(env: NodeJS.ProcessEnv): Partial<HubFetchSettings> {
  const settings: Partial<HubFetchSettings> = {};
  const timeout = envCount(env, "timeout", "HUBREF_HUB_TIMEOUT_MS", 1, 600_000);
  if (timeout !== undefined) {
    settings.headersTimeoutMs = timeout;
    settings.bodyTimeoutMs = timeout;
  }
  const retries = envCount(env, "retries", "HUBREF_HUB_RETRIES", 0, 10);
  if (retries !== undefined) settings.retries = retries;
  return settings;
}

/** The hub's configuration from `env`, with the cache flags and progress the edge adds. */
export function hubConfigFromEnv(env: NodeJS.ProcessEnv): HubConfig {
  const endpoint = env.HF_ENDPOINT?.trim();
  const router = env.HUBREF_ROUTER_URL?.trim();
  return {
    ...(endpoint ? { endpoint } : {}),
    ...(router ? { router } : {}),
    token: env.HF_TOKEN,
    cacheRoot: cacheRoot(env),
    fetch: fetchSettingsFromEnv(env),
  };
}
