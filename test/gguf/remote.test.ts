import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { CLI_NAMES } from "../../src/cli/names.js";
import { headerFacts, type FactsOutcome } from "../../src/gguf/model-facts.js";
import type { HubConfig } from "../../src/model/hub/hub.js";
import { unreadWords } from "../../src/words/header-words.js";
import { hubFromEnv } from "../helpers/test-hub.js";
import { startGgufHub, type GgufHub } from "../helpers/gguf-hub.js";
import { llama } from "../helpers/gguf-models.js";
import { writeGguf } from "../helpers/gguf-writer.js";

const ID = "acme/Llama-3.1-8B-Instruct-GGUF";
const FILE = "Llama-3.1-8B-Instruct-Q4_K_M.gguf";
const header = writeGguf(llama(32_000).spec);
const cacheHome = mkdtempSync(join(tmpdir(), "hubref-gguf-cache-"));
afterAll(() => rmSync(cacheHome, { recursive: true, force: true }));

let hub: GgufHub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { HF_ENDPOINT: hub!.endpoint, XDG_CACHE_HOME: cacheHome, ...extra };
}

const quick = { retries: 0, headersTimeoutMs: 20_000, bodyTimeoutMs: 20_000 };

/** What a command reaching the hub with this environment and flags hands the header reader. */
function access(environment: NodeJS.ProcessEnv, flags: Pick<HubConfig, "offline" | "refresh"> = {}) {
  return { hub: hubFromEnv(environment, { ...flags, fetch: quick }) };
}

/** Why there are no facts, as the command line's note says it. */
function reason(outcome: FactsOutcome): string | undefined {
  return outcome.facts === undefined ? unreadWords(outcome.file, outcome.unread, CLI_NAMES) : undefined;
}

describe("reading a header from the hub with range requests", () => {
  it("asks for growing ranges (206) and reads only the header, a small part of a 1 GB file", async () => {
    hub = await startGgufHub({ [ID]: { files: [{ name: FILE, size: 1e9, content: header }] } });
    const outcome = await headerFacts(ID, FILE, access(env(), { refresh: true }));
    expect(outcome.facts?.architecture).toBe("llama");
    expect(hub.fileRequests.every((request) => request.status === 206 && request.path === `/${ID}/resolve/main/${FILE}`)).toBe(true);
    expect(hub.fileRequests[0]!.range).toBe("bytes=0-1999999");
    const fetched = hub.fileRequests.reduce((sum, request) => sum + request.bytes, 0);
    expect(fetched).toBeLessThan(0.05 * 1e9);
  });

  it("a server that ignores Range (200): the reader stops at the bytes it asked for", async () => {
    const padded = Buffer.concat([header, Buffer.alloc(3_000_000)]);
    hub = await startGgufHub({ [ID]: { files: [{ name: FILE, size: padded.byteLength, content: padded }] } }, { ranges: "ignore" });
    const outcome = await headerFacts(ID, FILE, { ...access(env(), { refresh: true }), read: { firstBytes: 100_000 } });
    expect(outcome.facts?.blockCount).toBe(32);
    expect(hub.fileRequests.every((request) => request.status === 200)).toBe(true);
  });

  it("a truncated file ending exactly where a read ends: the next range gets 416, and the note says truncated", async () => {
    const cut = header.subarray(0, 100_000);
    hub = await startGgufHub({ [ID]: { files: [{ name: FILE, size: 1e9, content: cut }] } });
    const outcome = await headerFacts(ID, FILE, { ...access(env(), { refresh: true }), read: { firstBytes: 100_000 } });
    expect(outcome.facts).toBeUndefined();
    expect(hub.fileRequests.map((request) => request.status)).toEqual([206, 416]);
    expect(reason(outcome)).toMatch(/^cannot read the GGUF header of .*Q4_K_M\.gguf: the file ends at byte 100,000, inside .*: the header is truncated$/);
  });

  it("sends HF_TOKEN to the hub, and not to the storage host a redirect leads to", async () => {
    hub = await startGgufHub({ [ID]: { files: [{ name: FILE, size: 1e9, content: header }] } }, { redirect: true });
    const outcome = await headerFacts(ID, FILE, access(env({ HF_TOKEN: "hf_secret" }), { refresh: true }));
    expect(outcome.facts?.architecture).toBe("llama");
    const [first, second] = hub.fileRequests;
    expect(first).toMatchObject({ status: 302 });
    expect(first!.headers.authorization).toBe("Bearer hf_secret");
    expect(second!.host).toMatch(/^localhost:/);
    expect(second!.headers.authorization).toBeUndefined();
    expect(second!.range).toBe("bytes=0-1999999");
  });

  it("a missing file is a reason, not a crash", async () => {
    hub = await startGgufHub({ [ID]: { files: [] } });
    const outcome = await headerFacts(ID, FILE, access(env(), { refresh: true }));
    expect(reason(outcome)).toMatch(/^cannot read the GGUF header of .*: .*HTTP 404/);
  });

  it("caches the facts: the next read uses them, --offline uses them, --refresh reads again", async () => {
    hub = await startGgufHub({ [ID]: { files: [{ name: FILE, size: 1e9, content: header }] } });
    const home = mkdtempSync(join(cacheHome, "slot-"));
    const first = await headerFacts(ID, FILE, access(env({ XDG_CACHE_HOME: home })));
    const requests = hub.fileRequests.length;
    expect(first).toMatchObject({ from: "hub" });
    expect(await headerFacts(ID, FILE, access(env({ XDG_CACHE_HOME: home })))).toMatchObject({ from: "cache", facts: first.facts });
    expect(await headerFacts(ID, FILE, access(env({ XDG_CACHE_HOME: home }), { offline: true }))).toMatchObject({ from: "cache" });
    expect(hub.fileRequests.length).toBe(requests);
    expect(await headerFacts(ID, FILE, access(env({ XDG_CACHE_HOME: home }), { refresh: true }))).toMatchObject({ from: "hub" });
    expect(hub.fileRequests.length).toBeGreaterThan(requests);
    expect(reason(await headerFacts(ID, "other.gguf", access(env({ XDG_CACHE_HOME: home }), { offline: true })))).toBe(
      "the header of other.gguf is not in the cache, and --offline forbids reading it",
    );
  });
});
