import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { cacheRoot, endpointFolder, escapeModelId, writeCacheFile, type CacheWrite } from "../model/hub/cache.js";
import { DTYPE_BITS, type SafetensorsDtype } from "./header.js";
import type { SafetensorsFacts } from "./facts.js";

/*
 * A safetensors repository's facts (its config.json as read, the tensor
 * groups of every shard header), kept beside the model's metadata in the
 * cache, one file per model, as GGUF headers are: --offline plans from it,
 * --refresh reads the hub again. Weights do not change under a revision
 * unless they are uploaded again.
 */

const count = z.number().int().nonnegative();

const TensorGroupSchema = z.strictObject({
  pattern: z.string().max(1000),
  dtype: z.enum(Object.keys(DTYPE_BITS) as [SafetensorsDtype, ...SafetensorsDtype[]]),
  shape: z.array(count).max(8),
  count,
  bytes: count,
  layers: z.array(count).max(100_000),
});

const CacheSchema = z.strictObject({
  version: z.literal(1),
  endpoint: z.string(),
  id: z.string(),
  config: z.unknown(),
  weights: z.strictObject({ groups: z.array(TensorGroupSchema).max(1_000_000), files: count, totalBytes: count }),
});

export interface SafetensorsCacheSlot {
  file: string;
  endpoint: string;
  id: string;
}

export function safetensorsCacheSlot(env: NodeJS.ProcessEnv, endpoint: string, id: string): SafetensorsCacheSlot | undefined {
  const root = cacheRoot(env);
  if (!root) return undefined;
  return { file: join(root, "models", endpointFolder(endpoint), `${escapeModelId(id)}.safetensors.json`), endpoint, id };
}

/** The cached facts, or undefined when there are none or the file is damaged (it is then overwritten). */
export async function readSafetensorsCache(slot: SafetensorsCacheSlot): Promise<Omit<SafetensorsFacts, "from"> | undefined> {
  try {
    const entry = CacheSchema.safeParse(JSON.parse(await readFile(slot.file, "utf8")));
    if (entry.success && entry.data.endpoint === slot.endpoint && entry.data.id === slot.id) return { config: entry.data.config, weights: entry.data.weights };
  } catch {
    // Absent or unreadable: nothing cached.
  }
  return undefined;
}

export function writeSafetensorsCache(slot: SafetensorsCacheSlot, facts: Omit<SafetensorsFacts, "from">): Promise<CacheWrite> {
  return writeCacheFile(slot.file, JSON.stringify({ version: 1, endpoint: slot.endpoint, id: slot.id, config: facts.config, weights: facts.weights }));
}
