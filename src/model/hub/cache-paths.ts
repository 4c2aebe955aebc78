import { createHash } from "node:crypto";

/* The folder of one service's entries in the cache (store.ts), apart from the store: a listing finds it without more. */

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
