import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cliError } from "../../src/cli/names.js";
import { cacheRoot } from "../../src/model/hub/env.js";
import { MODEL_ENTRY } from "../../src/model/hub/model-entry.js";
import { cacheStore, entryFile, isFresh, type CachePolicy, type CacheStore } from "../../src/model/hub/store.js";
import type { Note } from "../../src/outcome/notes.js";
import { ModelDataSchema, type ModelData } from "../../src/model/schema.js";
import { CHAT_MODEL } from "../helpers/hub-server.js";

const ENDPOINT = "https://huggingface.co";
const HOUR = 60 * 60 * 1000;
const T0 = Date.parse("2025-06-01T12:00:00Z");

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "hubref-cache-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const chat: ModelData = ModelDataSchema.parse(CHAT_MODEL);
const at = (id = chat.id, origin = ENDPOINT) => ({ origin, key: id, thing: { kind: "model" as const, id } });

function store(policy: Partial<CachePolicy> = {}, folder: string | undefined = root, warnings: Note[] = []): CacheStore {
  return cacheStore(folder, { offline: false, refresh: false, ttlMs: 24 * HOUR, now: () => T0, ...policy }, (note) => warnings.push(note));
}

describe("cache location", () => {
  it("lives under XDG_CACHE_HOME, else ~/.cache, else nowhere", () => {
    expect(cacheRoot({ XDG_CACHE_HOME: "/xdg", HOME: "/home/u" })).toBe("/xdg/hubref");
    expect(cacheRoot({ HOME: "/home/u" })).toBe("/home/u/.cache/hubref");
    // The XDG spec says a relative XDG_CACHE_HOME is to be ignored.
    expect(cacheRoot({ XDG_CACHE_HOME: "relative/dir", HOME: "/home/u" })).toBe("/home/u/.cache/hubref");
    expect(cacheRoot({})).toBeUndefined();
  });

  it("names a model's file after its id, in a folder per kind and endpoint; another key by its hash", async () => {
    const file = await entryFile(root, MODEL_ENTRY, at("meta-llama/Llama-3.1-8B-Instruct"));
    expect(file.startsWith(join(root, "models"))).toBe(true);
    expect(file.endsWith("/meta-llama--Llama-3.1-8B-Instruct.json")).toBe(true);
    expect((await entryFile(root, MODEL_ENTRY, at("gpt2"))).endsWith("/gpt2.json")).toBe(true);
    expect(await entryFile(root, MODEL_ENTRY, { origin: ENDPOINT, key: "acme/m/some file.gguf" })).toMatch(/\/[0-9a-f]{32}\.json$/);
  });

  it("keeps a test endpoint's entries apart from the public hub's", async () => {
    const cache = store();
    await cache.write(MODEL_ENTRY, at(chat.id, "http://127.0.0.1:8123"), { ...chat, pipeline_tag: "from-test-server" });
    expect(dirname(await entryFile(root, MODEL_ENTRY, at(chat.id, "http://127.0.0.1:8123")))).not.toBe(dirname(await entryFile(root, MODEL_ENTRY, at())));
    expect(await cache.read(MODEL_ENTRY, at())).toBeUndefined();
    expect((await cache.read(MODEL_ENTRY, at(chat.id, "http://127.0.0.1:8123")))?.value.pipeline_tag).toBe("from-test-server");
  });
});

describe("reading and writing", () => {
  it("reads back what was written, with its fetch time", async () => {
    const cache = store();
    await cache.write(MODEL_ENTRY, at(), chat, T0 - HOUR);
    expect(await cache.read(MODEL_ENTRY, at())).toEqual({ value: chat, fetchedAt: T0 - HOUR });
  });

  it("keeps the file private to the user", async () => {
    await store().write(MODEL_ENTRY, at(), chat);
    expect((await stat(await entryFile(root, MODEL_ENTRY, at()))).mode & 0o777).toBe(0o600);
  });

  it("treats a damaged, foreign or older file as absent", async () => {
    const cache = store();
    await cache.write(MODEL_ENTRY, at(), chat);
    const file = await entryFile(root, MODEL_ENTRY, at());
    const good = await readFile(file, "utf8");
    const entry = JSON.parse(good) as Record<string, unknown>;
    const damaged = [
      good.slice(0, good.length / 2),
      "",
      "[]",
      JSON.stringify({ ...entry, fetchedAt: "yesterday" }),
      JSON.stringify({ ...entry, origin: "https://elsewhere.example" }),
      JSON.stringify({ ...entry, key: "other/model" }),
      JSON.stringify({ ...entry, version: MODEL_ENTRY.version - 1 }),
      JSON.stringify({ ...entry, value: { id: chat.id, tags: "not a list" } }),
    ];
    for (const text of damaged) {
      await writeFile(file, text);
      expect(await cache.read(MODEL_ENTRY, at()), text.slice(0, 60)).toBeUndefined();
    }
  });

  it("a cache that cannot be written is not an error: one warning, once", async () => {
    const blocker = join(root, "not-a-dir");
    await writeFile(blocker, "");
    const warnings: Note[] = [];
    const cache = store({}, join(blocker, "hubref"), warnings);
    await cache.write(MODEL_ENTRY, at(), chat);
    await cache.write(MODEL_ENTRY, at("gpt2"), chat);
    expect(warnings).toEqual([{ kind: "cache-not-written", root: join(blocker, "hubref"), reason: "ENOTDIR" }]);
  });

  it("a cache under /proc, where no folder can be made, fails at once instead of spinning", async () => {
    const warnings: Note[] = [];
    await store({}, "/proc/no-such-folder/hubref", warnings).write(MODEL_ENTRY, at(), chat);
    expect(warnings).toEqual([{ kind: "cache-not-written", root: "/proc/no-such-folder/hubref", reason: "ENOENT" }]);
  }, 20_000);
});

describe("the policy", () => {
  const fetched = (value: ModelData) => {
    const calls: number[] = [];
    return {
      calls,
      fetch: async () => {
        calls.push(1);
        return value;
      },
    };
  };

  it("uses a fresh entry, asks again for a stale one, and does not trust a fetch time in the future", () => {
    expect(isFresh(T0 - 23 * HOUR, T0, 24 * HOUR)).toBe(true);
    expect(isFresh(T0 - 25 * HOUR, T0, 24 * HOUR)).toBe(false);
    expect(isFresh(T0 + HOUR, T0, 24 * HOUR)).toBe(false);
  });

  it("through: kept and fresh is used; stale, refreshed or incomplete is fetched and kept", async () => {
    const cache = store();
    const first = fetched(chat);
    await cache.through(MODEL_ENTRY, at(), first.fetch);
    await cache.through(MODEL_ENTRY, at(), first.fetch);
    expect(first.calls).toHaveLength(1);
    const later = fetched({ ...chat, pipeline_tag: "later" });
    expect((await store({ now: () => T0 + 25 * HOUR }).through(MODEL_ENTRY, at(), later.fetch)).pipeline_tag).toBe("later");
    expect((await store({ refresh: true, now: () => T0 + 25 * HOUR }).through(MODEL_ENTRY, at(), fetched(chat).fetch)).pipeline_tag).toBe(chat.pipeline_tag);
    const incomplete = fetched({ ...chat, pipeline_tag: "complete" });
    await store({ now: () => T0 + 25 * HOUR }).through(MODEL_ENTRY, at(), incomplete.fetch, (kept) => kept.pipeline_tag === "complete");
    expect(incomplete.calls).toHaveLength(1);
  });

  it("offline: any age, incomplete too, never fetches; a missing entry is the offline problem", async () => {
    await store().write(MODEL_ENTRY, at(), chat, T0 - 1000 * HOUR);
    const offline = store({ offline: true });
    const never = async (): Promise<ModelData> => {
      throw new Error("fetched offline");
    };
    expect(await offline.through(MODEL_ENTRY, at(), never, () => false)).toEqual(chat);
    const missing = await offline.through(MODEL_ENTRY, at("acme/none"), never).catch((error: unknown) => cliError(error));
    expect(missing).toMatchObject({ exitCode: 1, message: "model 'acme/none' is not in the cache, and --offline forbids fetching it" });
    const nowhere = await cacheStore(undefined, { offline: true, refresh: false, ttlMs: HOUR, now: () => T0 }, () => undefined)
      .through(MODEL_ENTRY, at(), never)
      .catch((error: unknown) => cliError(error));
    expect(nowhere?.message).toContain("neither XDG_CACHE_HOME nor HOME is set");
  });
});

describe("concurrent writers", () => {
  it("20 parallel writes of different payloads leave one whole payload, and readers never see a torn file", async () => {
    const cache = store();
    const file = await entryFile(root, MODEL_ENTRY, at());
    // Large payloads make a torn write likely to show if writes were not atomic.
    const payloads = Array.from({ length: 20 }, (_, n) => ({ ...chat, pipeline_tag: `writer-${n}`, padding: String(n % 10).repeat(200_000) }));
    const tags = payloads.map((payload) => payload.pipeline_tag);
    for (let round = 0; round < 3; round++) {
      const seen: string[] = [];
      let writing = true;
      const read = async () => {
        while (writing) {
          let text: string;
          try {
            text = await readFile(file, "utf8");
          } catch {
            await new Promise((resolve) => setImmediate(resolve)); // not written yet
            continue;
          }
          seen.push((JSON.parse(text) as { value: { pipeline_tag: string } }).value.pipeline_tag);
        }
      };
      const readers = [read(), read(), read()];
      await Promise.all(payloads.map((payload, n) => cache.write(MODEL_ENTRY, at(), payload, T0 + n)));
      writing = false;
      await Promise.all(readers);
      const final = await cache.read(MODEL_ENTRY, at());
      const winner = payloads.find((payload) => payload.pipeline_tag === final?.value.pipeline_tag);
      expect(final?.value).toMatchObject({ pipeline_tag: winner?.pipeline_tag });
      for (const tag of seen) expect(tags).toContain(tag);
    }
    // No temporary file is left behind.
    expect(await readdir(dirname(file))).toEqual([file.slice(dirname(file).length + 1)]);
  });
});
