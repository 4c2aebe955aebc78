import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startGgufHub, type GgufHub, type GgufRepoSpec } from "./gguf-hub.js";

/**
 * A test file's stand-in GGUF hub, started before its tests and closed after, with a scratch folder (`root`) for
 * the cache and the files the tests write; `env()` points hubref at both, with no token.
 */
export function ggufHubSuite(name: string, repos: Record<string, GgufRepoSpec>): { root: string; env: () => NodeJS.ProcessEnv; hub: () => GgufHub } {
  const root = mkdtempSync(join(tmpdir(), `hubref-${name}-`));
  let hub: GgufHub | undefined;
  beforeAll(async () => {
    hub = await startGgufHub(repos);
  });
  afterAll(async () => {
    await hub?.close();
    rmSync(root, { recursive: true, force: true });
  });
  return { root, env: () => ({ HF_ENDPOINT: hub!.endpoint, XDG_CACHE_HOME: join(root, "cache"), HF_TOKEN: undefined }), hub: () => hub! };
}
