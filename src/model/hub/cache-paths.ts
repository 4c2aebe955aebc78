import { createHash } from "node:crypto";
import { isAbsolute, join } from "node:path";

/*
 * Where the cache lives, apart from what reads its entries (cache.ts, with
 * zod): a command that answers from a file of its own (models --fits) finds it
 * without loading the schemas.
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

/**
 * One folder per endpoint, named by its host (for people looking) and a hash
 * of the whole URL (so a test server or a mirror never shares entries with
 * the public hub).
 */
export function endpointFolder(endpoint: string): string {
  const host = new URL(endpoint).host.replace(/[^A-Za-z0-9.-]/g, "_");
  const hash = createHash("sha256").update(endpoint).digest("hex").slice(0, 10);
  return `${host}-${hash}`;
}
