import { mkdtempSync, rmSync } from "node:fs";
import { hubFromEnv } from "../helpers/test-hub.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchModel } from "../../src/model/hub/fetch-model.js";
import { isFailure } from "../../src/outcome/problems.js";
import { safetensorsFacts } from "../../src/safetensors/model-facts.js";
import { shardHeader, weightsOf, DEEPSEEK_V3, GPT_OSS_20B, QWEN3_0_6B, LLAMA_3_1_8B } from "../helpers/safetensors-models.js";
import { startSafetensorsHub, type SafetensorsHub } from "../helpers/safetensors-hub.js";

/*
 * A repository's facts read from a stand-in hub: config.json, the index, and
 * each shard's header by range, never its weights; cached for --offline; and
 * each broken or hostile file one typed problem.
 */

function hostile(claimed: bigint): Buffer {
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(claimed);
  return Buffer.concat([length, Buffer.from("{}")]);
}

let hub: SafetensorsHub;
const root = mkdtempSync(join(tmpdir(), "hubref-st-"));
let cacheCount = 0;
const env = () => ({ HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: join(root, `cache-${cacheCount++}`) });

beforeAll(async () => {
  hub = await startSafetensorsHub({
    "acme/sharded": { checkpoint: DEEPSEEK_V3(6), shardBytes: 2e9 },
    "acme/single": { checkpoint: QWEN3_0_6B() },
    "acme/oss": { checkpoint: GPT_OSS_20B(), shardBytes: 5e9 },
    "acme/hostile-shard": { checkpoint: LLAMA_3_1_8B(), shardBytes: 5e9, files: { "model-00002-of-00004.safetensors": hostile(2_000_000_000n) } },
    "acme/bad-config": {
      checkpoint: QWEN3_0_6B(),
      files: { "config.json": '{"num_hidden_layers": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}' },
    },
    "acme/bad-index": {
      checkpoint: DEEPSEEK_V3(2),
      shardBytes: 2e9,
      files: { "model.safetensors.index.json": JSON.stringify({ weight_map: { a: "../../etc/passwd" } }) },
    },
    "acme/gguf-only": { files: { "model-Q4_K_M.gguf": Buffer.alloc(16) } },
  });
});

afterAll(async () => {
  await hub.close();
  rmSync(root, { recursive: true, force: true });
});

async function model(id: string) {
  return fetchModel(id, { endpoint: hub.endpoint });
}

async function problemOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isFailure(error)) return error.problem;
    throw error;
  }
  throw new Error("no problem");
}

describe("safetensorsFacts", () => {
  it("reads config.json and every shard's header by range, never past the headers", async () => {
    const metadata = await model("acme/sharded");
    const before = hub.fileRequests.length;
    const facts = await safetensorsFacts(metadata, { hub: hubFromEnv(env()) });
    expect(facts.from).toBe("hub");
    expect(facts.weights).toEqual({ ...weightsOf(DEEPSEEK_V3(6)), files: facts.weights.files });
    expect(facts.weights.files).toBeGreaterThan(1);
    const requests = hub.fileRequests.slice(before);
    expect(requests.every((request) => request.range !== undefined)).toBe(true);
    const shardReads = requests.filter((request) => request.path.endsWith(".safetensors"));
    expect(shardReads).toHaveLength(facts.weights.files);
    expect((facts.config as { model_type: string }).model_type).toBe("deepseek_v3");
    // The hub's own parameter count is read with the metadata.
    expect(metadata.safetensors?.total).toBeGreaterThan(0);
  });

  it("reads a single model.safetensors without an index", async () => {
    const facts = await safetensorsFacts(await model("acme/single"), { hub: hubFromEnv(env()) });
    expect(facts.weights).toEqual(weightsOf(QWEN3_0_6B()));
  });

  it("reads a header longer than the first piece with one more read", async () => {
    const facts = await safetensorsFacts(await model("acme/oss"), { hub: hubFromEnv(env()), header: { firstBytes: 4096 } });
    expect(facts.weights.totalBytes).toBe(weightsOf(GPT_OSS_20B()).totalBytes);
  });

  it("answers from the cache, offline too, and reads again with --refresh", async () => {
    const cached = env();
    const metadata = await model("acme/single");
    await safetensorsFacts(metadata, { hub: hubFromEnv(cached) });
    const before = hub.fileRequests.length;
    expect((await safetensorsFacts(metadata, { hub: hubFromEnv(cached, { offline: true }) })).from).toBe("cache");
    expect(hub.fileRequests.length).toBe(before);
    expect((await safetensorsFacts(metadata, { hub: hubFromEnv(cached, { refresh: true }) })).from).toBe("hub");
    expect(await problemOf(safetensorsFacts(metadata, { hub: hubFromEnv(env(), { offline: true }) }))).toEqual({
      kind: "safetensors-not-cached",
      id: "acme/single",
    });
  });

  it("refuses a shard whose header claims 2 GB, naming the file", async () => {
    expect(await problemOf(safetensorsFacts(await model("acme/hostile-shard"), { hub: hubFromEnv(env()) }))).toMatchObject({
      kind: "safetensors-header-invalid",
      id: "acme/hostile-shard",
      file: "model-00002-of-00004.safetensors",
      found: "too-large",
      claimedBytes: 2_000_000_000,
    });
  });

  it("refuses a config nested past any real one, and an index naming a path outside the repository", async () => {
    expect(await problemOf(safetensorsFacts(await model("acme/bad-config"), { hub: hubFromEnv(env()) }))).toMatchObject({
      kind: "model-config-invalid",
      found: "too-deep",
    });
    expect(await problemOf(safetensorsFacts(await model("acme/bad-index"), { hub: hubFromEnv(env()) }))).toMatchObject({
      kind: "safetensors-index-invalid",
      found: "bad-name",
    });
  });

  it("points a GGUF-only repository elsewhere", async () => {
    expect(await problemOf(safetensorsFacts(await model("acme/gguf-only"), { hub: hubFromEnv(env()) }))).toEqual({
      kind: "safetensors-missing",
      id: "acme/gguf-only",
      engine: "vllm",
      gguf: true,
    });
  });

  it("writes headers the reader reads back byte for byte", () => {
    const { header, size } = shardHeader([{ name: "x", dtype: "F16", shape: [3] }]);
    expect(size).toBe(header.byteLength + 6);
  });
});
