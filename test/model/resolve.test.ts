import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ExitCode } from "../../src/errors.js";
import { cliProgress } from "../../src/cli/context.js";
import type { Hub } from "../../src/model/hub/hub.js";
import { MODEL_ENTRY } from "../../src/model/hub/model-entry.js";
import { cacheRoot } from "../../src/model/hub/env.js";
import { entryFile } from "../../src/model/hub/store.js";
import { commandRefOf, hubIdOf, modelFromHub, resolveModel, resolveModelArgument } from "../../src/model/resolve.js";
import type { OutputStream } from "../../src/output/output.js";
import { hubFromEnv } from "../helpers/test-hub.js";
import {
  CHAT_MODEL,
  GATED_MODEL,
  GATED_TOKEN,
  gatedModel,
  startHubServer,
  TEXT_TO_IMAGE_MODEL,
  type HubServer,
  type Responder,
} from "../helpers/hub-server.js";
import { rejected } from "../helpers/errors.js";

const HOUR = 60 * 60 * 1000;
const T0 = Date.parse("2025-06-01T12:00:00Z");

let dir: string;
let server: HubServer | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "hubref-resolve-"));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function serve(routes: Record<string, Responder | Responder[]>): Promise<HubServer> {
  server = await startHubServer(routes);
  return server;
}

interface Extra {
  env?: NodeJS.ProcessEnv;
  offline?: boolean;
  refresh?: boolean;
  now?: () => number;
  cacheTtlMs?: number;
  /** Where the command line's progress (spinner, warnings) goes. */
  stderr?: OutputStream;
}

function envOf(hub: HubServer | undefined, extra: Extra = {}): NodeJS.ProcessEnv {
  return { XDG_CACHE_HOME: join(dir, "cache"), ...(hub ? { HF_ENDPOINT: hub.endpoint } : {}), ...extra.env };
}

/** The hub a command would reach with this environment and these flags. */
function options(hub: HubServer | undefined, extra: Extra = {}): Hub {
  const env = envOf(hub, extra);
  return hubFromEnv(env, {
    fetch: { retries: 1, backoffBaseMs: 1, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 },
    now: extra.now ?? (() => T0),
    offline: extra.offline === true,
    refresh: extra.refresh === true,
    ...(extra.cacheTtlMs === undefined ? {} : { ttlMs: extra.cacheTtlMs }),
    ...(extra.stderr === undefined ? {} : { progress: cliProgress({ stdout: { write: () => true }, stderr: extra.stderr, env, stdinIsTTY: false }) }),
  });
}

/** Where the cache keeps a model's metadata for this environment. */
function cacheFile(env: NodeJS.ProcessEnv, endpoint: string, id: string): Promise<string> {
  return entryFile(cacheRoot(env)!, MODEL_ENTRY, { origin: endpoint, key: id });
}

function terminal() {
  const writes: string[] = [];
  return { writes, isTTY: true, write: (text: string) => writes.push(text) };
}

describe("resolveModel: file or id", () => {
  it("an existing file wins over a model id spelled the same", async () => {
    const hub = await serve({ "acme/tiny": { body: { id: "acme/tiny", pipeline_tag: "from-hub" } } });
    await mkdir(join(dir, "acme"));
    await writeFile(join(dir, "acme", "tiny"), JSON.stringify({ id: "acme/tiny", pipeline_tag: "from-file" }));
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const model = await resolveModel("acme/tiny", options(hub));
      expect(model.pipeline_tag).toBe("from-file");
    } finally {
      process.chdir(cwd);
    }
    expect(hub.requests).toHaveLength(0);
  });

  it("an existing folder is a path, even named like a model id or a .json file: a usage error, no hub lookup", async () => {
    const hub = await serve({ "acme/tiny": { body: { id: "acme/tiny", pipeline_tag: "from-hub" } }, "adir.json": { body: { id: "adir.json" } } });
    await mkdir(join(dir, "acme", "tiny"), { recursive: true });
    await mkdir(join(dir, "adir.json"));
    await mkdir(join(dir, "downloads"));
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      for (const path of ["acme/tiny", "adir.json", "./downloads"]) {
        const error = await rejected(resolveModel(path, options(hub)));
        expect(error.exitCode).toBe(ExitCode.usage);
        expect(error.message).toBe(`${path}: is a directory, not a file`);
      }
    } finally {
      process.chdir(cwd);
    }
    expect(hub.requests).toHaveLength(0);
  });

  it("a missing .json path is a usage error about the file, not a hub lookup", async () => {
    const hub = await serve({});
    const error = await rejected(resolveModel("no-such-model.json", options(hub)));
    expect(error.exitCode).toBe(ExitCode.usage);
    expect(error.message).toBe("no-such-model.json: no such file");
    expect(hub.requests).toHaveLength(0);
  });

  it("what is neither a file nor a model id is a usage error saying so", async () => {
    const error = await rejected(resolveModel("not//a model", options(undefined)));
    expect(error.exitCode).toBe(ExitCode.usage);
    expect(error.message).toContain("'not//a model' is neither an existing file nor a hub model id");
  });

  it("says where the model came from, once, so that nothing downstream asks the file system again", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { body: CHAT_MODEL } });
    const file = join(dir, "m.json");
    await writeFile(file, JSON.stringify({ id: "org/from-file", tags: [] }));
    const fromFile = await resolveModelArgument(file, options(hub));
    expect(fromFile.source).toEqual({ kind: "file", path: file, rereadable: true });
    // A file has no header to read on the hub, and a later command names it by its path.
    expect(hubIdOf(fromFile)).toBeUndefined();
    expect(commandRefOf(fromFile)).toBe(file);
    const fromHub = await resolveModelArgument(CHAT_MODEL.id, options(hub));
    expect(fromHub.source).toEqual({ kind: "hub", id: CHAT_MODEL.id });
    expect(hubIdOf(fromHub)).toBe(CHAT_MODEL.id);
    expect(commandRefOf(fromHub)).toBe(CHAT_MODEL.id);
  });

  it.each([
    "https://huggingface.co/ORG/NAME",
    "https://huggingface.co/ORG/NAME/",
    "https://huggingface.co/ORG/NAME/tree/main",
    "https://huggingface.co/ORG/NAME/blob/main/config.json?download=true",
    "http://www.huggingface.co/ORG/NAME?library=transformers#usage",
    "https://hf.co/ORG/NAME",
  ])("a pasted model page URL %s is the model's id", async (template) => {
    const hub = await serve({ [CHAT_MODEL.id]: { body: CHAT_MODEL } });
    const url = template.replace("ORG/NAME", CHAT_MODEL.id);
    const resolved = await resolveModelArgument(url, options(hub));
    expect(resolved.source).toEqual({ kind: "hub", id: CHAT_MODEL.id });
    expect(resolved.model.id).toBe(CHAT_MODEL.id);
  });

  it("a URL of the hub that names no model (a dataset, a space, another site) is a usage error saying so", async () => {
    for (const url of ["https://huggingface.co/datasets/org/name", "https://huggingface.co/spaces/org/name", "https://example.com/org/name"]) {
      const error = await rejected(resolveModel(url, options(undefined)));
      expect(error.exitCode, url).toBe(ExitCode.usage);
      expect(error.message, url).toContain("is not a model's page on the hub");
    }
  });

  it("a model id is fetched from HF_ENDPOINT", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { body: CHAT_MODEL } });
    const model = await resolveModel(CHAT_MODEL.id, options(hub));
    expect(model.id).toBe(CHAT_MODEL.id);
    expect(hub.requestsFor(CHAT_MODEL.id)).toHaveLength(1);
  });

  it("sends HF_TOKEN for a gated model", async () => {
    const hub = await serve({ [GATED_MODEL.id]: gatedModel(GATED_MODEL) });
    const model = await resolveModel(GATED_MODEL.id, options(hub, { env: { HF_TOKEN: GATED_TOKEN } }));
    expect(model.id).toBe(GATED_MODEL.id);
  });

  it("a hub error is the fetch's operational error, and nothing is cached", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { status: 500 } });
    const error = await rejected(resolveModel(CHAT_MODEL.id, options(hub)));
    expect(error.exitCode).toBe(ExitCode.operational);
    expect(existsSync(await cacheFile(envOf(hub), hub.endpoint, CHAT_MODEL.id))).toBe(false);
  });
});

describe("modelFromHub: the cache", () => {
  it("a fresh copy is used without asking the hub", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { body: CHAT_MODEL } });
    await modelFromHub(CHAT_MODEL.id, options(hub));
    const again = await modelFromHub(CHAT_MODEL.id, options(hub, { now: () => T0 + 23 * HOUR }));
    expect(again.id).toBe(CHAT_MODEL.id);
    expect(hub.requests).toHaveLength(1);
  });

  it("a stale copy is fetched again and replaced", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: [{ body: CHAT_MODEL }, { body: { ...CHAT_MODEL, pipeline_tag: "image-text-to-text" } }] });
    await modelFromHub(CHAT_MODEL.id, options(hub));
    const later = await modelFromHub(CHAT_MODEL.id, options(hub, { now: () => T0 + 25 * HOUR }));
    expect(later.pipeline_tag).toBe("image-text-to-text");
    expect(hub.requests).toHaveLength(2);
    const cached = await modelFromHub(CHAT_MODEL.id, options(hub, { now: () => T0 + 26 * HOUR }));
    expect(cached.pipeline_tag).toBe("image-text-to-text");
    expect(hub.requests).toHaveLength(2);
  });

  it("honours a shorter TTL", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { body: CHAT_MODEL } });
    await modelFromHub(CHAT_MODEL.id, options(hub));
    await modelFromHub(CHAT_MODEL.id, options(hub, { now: () => T0 + 2 * HOUR, cacheTtlMs: HOUR }));
    expect(hub.requests).toHaveLength(2);
  });

  it("--offline uses a copy of any age and never touches the network", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { body: CHAT_MODEL } });
    await modelFromHub(CHAT_MODEL.id, options(hub));
    await hub.close();
    server = undefined;
    const model = await modelFromHub(CHAT_MODEL.id, options(hub, { offline: true, now: () => T0 + 1000 * HOUR }));
    expect(model.id).toBe(CHAT_MODEL.id);
  });

  it("--offline without a cached copy fails with exit 1 and says to run without --offline", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { body: CHAT_MODEL } });
    const error = await rejected(modelFromHub(CHAT_MODEL.id, options(hub, { offline: true })));
    expect(error.exitCode).toBe(ExitCode.operational);
    expect(error.message).toBe("model 'meta-llama/Llama-3.1-8B-Instruct' is not in the cache, and --offline forbids fetching it");
    expect(error.hint).toContain("without --offline");
    expect(hub.requests).toHaveLength(0);
  });

  it("--offline with no cache directory at all fails clearly", async () => {
    const error = await rejected(modelFromHub(CHAT_MODEL.id, hubFromEnv({}, { offline: true })));
    expect(error.exitCode).toBe(ExitCode.operational);
    expect(error.message).toContain("neither XDG_CACHE_HOME nor HOME is set");
  });

  it("a cache that cannot be written is skipped with one warning line; the model still comes back", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { body: CHAT_MODEL } });
    const lines: string[] = [];
    const stderr = { write: (text: string) => lines.push(text) };
    const model = await modelFromHub(CHAT_MODEL.id, options(hub, { env: { XDG_CACHE_HOME: "/proc/no-such-folder" }, stderr }));
    expect(model.id).toBe(CHAT_MODEL.id);
    expect(lines).toEqual(["warning: cannot write the cache in /proc/no-such-folder/hubref (ENOENT); hubref will fetch what it read again next time\n"]);
  }, 20_000);

  it("--refresh fetches even when the copy is fresh, and caches the new one", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: [{ body: CHAT_MODEL }, { body: { ...CHAT_MODEL, library_name: "vllm" } }] });
    await modelFromHub(CHAT_MODEL.id, options(hub));
    const refreshed = await modelFromHub(CHAT_MODEL.id, options(hub, { refresh: true }));
    expect(refreshed.library_name).toBe("vllm");
    expect(hub.requests).toHaveLength(2);
    expect((await modelFromHub(CHAT_MODEL.id, options(hub))).library_name).toBe("vllm");
    expect(hub.requests).toHaveLength(2);
  });

  it("a corrupt cache file is ignored, refetched and rewritten", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { body: CHAT_MODEL } });
    const opts = options(hub);
    const file = await cacheFile(envOf(hub), hub.endpoint, CHAT_MODEL.id);
    await modelFromHub(CHAT_MODEL.id, opts);
    await writeFile(file, '{"version": 1, "fetchedAt": "2025-06-01T1');
    const model = await modelFromHub(CHAT_MODEL.id, opts);
    expect(model.id).toBe(CHAT_MODEL.id);
    expect(hub.requests).toHaveLength(2);
    await modelFromHub(CHAT_MODEL.id, opts);
    expect(hub.requests).toHaveLength(2);
  });

  it("falls back to ~/.cache when XDG_CACHE_HOME is unset", async () => {
    const hub = await serve({ [TEXT_TO_IMAGE_MODEL.id]: { body: TEXT_TO_IMAGE_MODEL } });
    const env = { HOME: dir, HF_ENDPOINT: hub.endpoint };
    await modelFromHub(TEXT_TO_IMAGE_MODEL.id, hubFromEnv(env, { now: () => T0 }));
    expect(existsSync(await cacheFile(env, hub.endpoint, TEXT_TO_IMAGE_MODEL.id))).toBe(true);
    expect((await cacheFile(env, hub.endpoint, TEXT_TO_IMAGE_MODEL.id)).startsWith(join(dir, ".cache", "hubref"))).toBe(true);
  });
});

describe("modelFromHub: the spinner", () => {
  it("spins on a terminal while fetching, then clears its line", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { headersDelayMs: 150, body: CHAT_MODEL } });
    const stderr = terminal();
    await modelFromHub(CHAT_MODEL.id, options(hub, { stderr, env: { HUBREF_SPINNER_DELAY_MS: "0" } }));
    expect(stderr.writes.length).toBeGreaterThan(1);
    expect(stderr.writes[0]).toContain(`fetching ${CHAT_MODEL.id} from 127.0.0.1:`);
    expect(stderr.writes.at(-1)).toBe("\r\x1b[2K");
  });

  it("clears its line before a fetch error is reported", async () => {
    const hub = await serve({ "acme/missing": { headersDelayMs: 100, status: 404 } });
    const stderr = terminal();
    await rejected(modelFromHub("acme/missing", options(hub, { stderr, env: { HUBREF_SPINNER_DELAY_MS: "0" } })));
    expect(stderr.writes.length).toBeGreaterThan(0);
    expect(stderr.writes.at(-1)).toBe("\r\x1b[2K");
  });

  it("writes nothing when stderr is not a terminal", async () => {
    const hub = await serve({ [CHAT_MODEL.id]: { headersDelayMs: 100, body: CHAT_MODEL } });
    const stderr = { ...terminal(), isTTY: false };
    await modelFromHub(CHAT_MODEL.id, options(hub, { stderr, env: { HUBREF_SPINNER_DELAY_MS: "0" } }));
    expect(stderr.writes).toEqual([]);
  });
});
