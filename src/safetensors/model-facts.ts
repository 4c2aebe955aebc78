import type { Hub } from "../model/hub/hub.js";
import type { ModelData } from "../model/schema.js";
import { fail } from "../outcome/problems.js";
import type { ServeEngine } from "../outcome/serve-problems.js";
import type { TransferCount } from "../gguf/remote.js";
import { SAFETENSORS_ENTRY } from "./cache.js";
import { groupTensors, weightFacts, type SafetensorsFacts } from "./facts.js";

export type { SafetensorsFacts } from "./facts.js";
import { HeaderFaultError, type TensorEntry } from "./header.js";
import { readFileRange, readRepoJson, type RepoLocation } from "./hub.js";
import { IndexFaultError, INDEX_FILE, shardsOfIndex, weightFilesOf } from "./index.js";
import { parseBoundedJson } from "./json.js";
import { readSafetensorsHeader, type HeaderReadSettings } from "./read.js";

/*
 * A safetensors repository's facts, read from the hub (or the cache): its
 * config.json, and the header of every shard the index names, by range
 * requests, so a plan counts what the checkpoint holds (quantized tensors,
 * packed int4 and their scales included) without downloading weights.
 */

export interface SafetensorsRequest {
  hub: Hub;
  /** The server the facts are for, named when the repository holds none. */
  engine?: ServeEngine;
  header?: Partial<HeaderReadSettings>;
  /** Shard headers read at once. */
  concurrency?: number;
}

export const CONFIG_FILE = "config.json";
/** config.json files are kilobytes; a few with label maps reach hundreds. */
const MAX_CONFIG_BYTES = 4_000_000;
/** The largest indexes (DeepSeek-V3, 91,000 tensors) are under 10 MB. */
const MAX_INDEX_BYTES = 32_000_000;
const CONFIG_DEPTH = 32;

function fileNames(model: ModelData): string[] {
  return (model.siblings ?? []).map((sibling) => sibling.rfilename);
}

/** The JSON of `file`, parsed within bounds, or the fault `problem` makes of it. */
async function repoJson(at: RepoLocation, file: string, maxBytes: number, problem: "model-config-invalid" | "safetensors-index-invalid"): Promise<unknown> {
  const text = await readRepoJson(at, file, maxBytes);
  if (text === undefined) return fail({ kind: problem, id: at.id, file, found: "too-large", limitBytes: maxBytes });
  const parsed = parseBoundedJson(text, CONFIG_DEPTH);
  if (!parsed.ok)
    return fail(
      parsed.found === "too-deep"
        ? { kind: problem, id: at.id, file, found: "too-deep", limit: parsed.limit }
        : { kind: problem, id: at.id, file, found: "not-json" },
    );
  return parsed.value;
}

/** Runs `work` over `items`, `limit` at a time, keeping the order of the results. */
async function pooled<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Whether the repository holds safetensors weights, by its file list (known only for a hub id or a file with siblings). */
export function hasSafetensors(model: ModelData): boolean {
  return weightFilesOf(fileNames(model)).kind !== "none";
}

/**
 * The facts of repository `model.id`: from the cache unless --refresh, else from the hub unless --offline.
 * Throws a Failure: no safetensors in the file list, a hostile or broken header or index, offline with none cached.
 */
export async function safetensorsFacts(model: ModelData, request: SafetensorsRequest): Promise<SafetensorsFacts> {
  const { hub } = request;
  const id = model.id;
  const at = { origin: hub.endpoint, key: id };
  const kept = await hub.cache.read(SAFETENSORS_ENTRY, at);
  if (kept && hub.cache.usable(kept)) return { ...kept.value, from: "cache" };
  if (hub.cache.policy.offline) return fail({ kind: "safetensors-not-cached", id });
  const files = fileNames(model);
  const weights = weightFilesOf(files);
  if (weights.kind === "none")
    return fail({ kind: "safetensors-missing", id, engine: request.engine ?? "vllm", gguf: files.some((file) => file.endsWith(".gguf")) });
  const transfer: TransferCount = { bytes: 0, requests: 0 };
  const repo: RepoLocation = { hub, id, transfer };
  const end = hub.progress.begin({ kind: "reading-safetensors", id, host: hub.host });
  let facts: Omit<SafetensorsFacts, "from">;
  try {
    const config = await repoJson(repo, CONFIG_FILE, MAX_CONFIG_BYTES, "model-config-invalid");
    let shards: string[];
    if (weights.kind === "index") {
      const index = await repoJson(repo, INDEX_FILE, MAX_INDEX_BYTES, "safetensors-index-invalid");
      try {
        shards = shardsOfIndex(index);
      } catch (error) {
        if (error instanceof IndexFaultError) return fail({ kind: "safetensors-index-invalid", id, file: INDEX_FILE, ...error.fault });
        throw error;
      }
    } else shards = weights.files;
    const headers = await pooled(shards, request.concurrency ?? 8, async (file): Promise<TensorEntry[]> => {
      try {
        return (await readSafetensorsHeader((offset, length) => readFileRange(repo, file, offset, length), request.header)).tensors;
      } catch (error) {
        if (error instanceof HeaderFaultError) return fail({ kind: "safetensors-header-invalid", id, file, ...error.fault });
        throw error;
      }
    });
    facts = { config, weights: weightFacts(groupTensors(headers.flat()), shards.length) };
  } finally {
    end();
  }
  await hub.cache.write(SAFETENSORS_ENTRY, at, facts);
  return { ...facts, from: "hub", transfer };
}
