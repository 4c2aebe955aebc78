import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cacheRoot, cacheSlot, isFresh, readCache, writeCache, type CacheSlot } from "../../src/model/hub/cache.js";
import { ModelDataSchema, type ModelData } from "../../src/model/schema.js";
import { CHAT_MODEL } from "../helpers/hub-server.js";

const ENDPOINT = "https://huggingface.co";
const HOUR = 60 * 60 * 1000;

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "hubref-cache-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const chat: ModelData = ModelDataSchema.parse(CHAT_MODEL);

function slotFor(id = chat.id, endpoint = ENDPOINT): CacheSlot {
  return cacheSlot({ XDG_CACHE_HOME: root }, endpoint, id)!;
}

describe("cache location", () => {
  it("lives under XDG_CACHE_HOME, else ~/.cache, else nowhere", () => {
    expect(cacheRoot({ XDG_CACHE_HOME: "/xdg", HOME: "/home/u" })).toBe("/xdg/hubref");
    expect(cacheRoot({ HOME: "/home/u" })).toBe("/home/u/.cache/hubref");
    // The XDG spec says a relative XDG_CACHE_HOME is to be ignored.
    expect(cacheRoot({ XDG_CACHE_HOME: "relative/dir", HOME: "/home/u" })).toBe("/home/u/.cache/hubref");
    expect(cacheRoot({})).toBeUndefined();
  });

  it("names the file after the model id, in a folder per endpoint", () => {
    const slot = slotFor("meta-llama/Llama-3.1-8B-Instruct");
    expect(slot.file.startsWith(join(root, "hubref", "models"))).toBe(true);
    expect(slot.file.endsWith("/meta-llama--Llama-3.1-8B-Instruct.json")).toBe(true);
    expect(slotFor("gpt2").file.endsWith("/gpt2.json")).toBe(true);
  });

  it("keeps a test endpoint's entries apart from the public hub's", async () => {
    const publicSlot = slotFor(chat.id, ENDPOINT);
    const testSlot = slotFor(chat.id, "http://127.0.0.1:8123");
    expect(dirname(testSlot.file)).not.toBe(dirname(publicSlot.file));
    await writeCache(testSlot, { ...chat, pipeline_tag: "from-test-server" }, Date.now());
    expect(await readCache(publicSlot)).toBeUndefined();
    expect((await readCache(testSlot))?.data.pipeline_tag).toBe("from-test-server");
  });
});

describe("reading and writing", () => {
  it("reads back what was written, with its fetch time", async () => {
    const slot = slotFor();
    const fetchedAt = Date.parse("2025-05-01T10:00:00Z");
    expect(await writeCache(slot, chat, fetchedAt)).toEqual({ written: true });
    const entry = await readCache(slot);
    expect(entry?.fetchedAt).toBe(fetchedAt);
    expect(entry?.data).toEqual(chat);
  });

  it("keeps the file private to the user", async () => {
    const slot = slotFor();
    await writeCache(slot, chat, Date.now());
    expect((await stat(slot.file)).mode & 0o777).toBe(0o600);
  });

  it("treats a damaged or foreign file as absent", async () => {
    const slot = slotFor();
    await writeCache(slot, chat, Date.now());
    const good = await readFile(slot.file, "utf8");
    const damaged = [
      good.slice(0, good.length / 2),
      "",
      "[]",
      JSON.stringify({ version: 1, fetchedAt: "yesterday", endpoint: ENDPOINT, id: chat.id, data: chat }),
      JSON.stringify({ version: 1, fetchedAt: new Date().toISOString(), endpoint: "https://elsewhere.example", id: chat.id, data: chat }),
      JSON.stringify({ version: 1, fetchedAt: new Date().toISOString(), endpoint: ENDPOINT, id: chat.id, data: { id: chat.id, tags: "not a list" } }),
    ];
    for (const text of damaged) {
      await writeFile(slot.file, text);
      expect(await readCache(slot)).toBeUndefined();
    }
  });

  it("a cache that cannot be written is not an error", async () => {
    const blocker = join(root, "not-a-dir");
    await writeFile(blocker, "");
    const slot = cacheSlot({ XDG_CACHE_HOME: blocker }, ENDPOINT, chat.id)!;
    expect(await writeCache(slot, chat, Date.now())).toEqual({ written: false, reason: "ENOTDIR" });
  });

  it("a cache under /proc, where no folder can be made, fails at once instead of spinning", async () => {
    const slot = cacheSlot({ XDG_CACHE_HOME: "/proc/no-such-folder" }, ENDPOINT, chat.id)!;
    expect(await writeCache(slot, chat, Date.now())).toEqual({ written: false, reason: "ENOENT" });
  }, 20_000);
});

describe("freshness", () => {
  const now = Date.parse("2025-06-01T12:00:00Z");
  it("is fresh within the TTL and stale after it", () => {
    expect(isFresh({ fetchedAt: now - 23 * HOUR, data: chat }, now, 24 * HOUR)).toBe(true);
    expect(isFresh({ fetchedAt: now - 25 * HOUR, data: chat }, now, 24 * HOUR)).toBe(false);
    expect(isFresh({ fetchedAt: now - 2 * HOUR, data: chat }, now, HOUR)).toBe(false);
  });
  it("does not trust a fetch time in the future", () => {
    expect(isFresh({ fetchedAt: now + HOUR, data: chat }, now, 24 * HOUR)).toBe(false);
  });
});

describe("concurrent writers", () => {
  it("20 parallel writes of different payloads leave one whole payload, and readers never see a torn file", async () => {
    const slot = slotFor();
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
            text = await readFile(slot.file, "utf8");
          } catch {
            await new Promise((resolve) => setImmediate(resolve)); // not written yet
            continue;
          }
          seen.push((JSON.parse(text) as { data: { pipeline_tag: string } }).data.pipeline_tag);
        }
      };
      const readers = [read(), read(), read()];
      const results = await Promise.all(payloads.map((payload, n) => writeCache(slot, payload, Date.now() + n)));
      writing = false;
      await Promise.all(readers);
      expect(results.every((result) => result.written)).toBe(true);

      const final = await readCache(slot);
      const winner = payloads.find((payload) => payload.pipeline_tag === final?.data.pipeline_tag);
      expect(final?.data).toEqual(winner);
      for (const tag of seen) expect(tags).toContain(tag);
    }
    // No temporary file is left behind.
    expect(await readdir(dirname(slot.file))).toEqual([slot.file.slice(dirname(slot.file).length + 1)]);
  });
});
