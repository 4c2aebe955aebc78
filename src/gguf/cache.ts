import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { cacheRoot, endpointFolder, escapeModelId, writeCacheFile, type CacheWrite } from "../model/hub/cache.js";
import { GgufFactsSchema, type GgufFacts } from "./facts.js";

/*
 * Facts read from GGUF headers, kept beside the model's metadata in the
 * cache (one file per model, facts by file name), so --offline can estimate
 * without the network. A header does not change under a file name unless the
 * file is uploaded again; --refresh reads it again. Version 2 added the
 * tensor facts the plan needs (experts, token embedding, data end): a version 1
 * file reads as empty and is written again.
 */

const GgufCacheSchema = z.strictObject({
  version: z.literal(2),
  endpoint: z.string(),
  id: z.string(),
  files: z.record(z.string(), GgufFactsSchema),
});

export interface GgufCacheSlot {
  file: string;
  endpoint: string;
  id: string;
}

export function ggufCacheSlot(env: NodeJS.ProcessEnv, endpoint: string, id: string): GgufCacheSlot | undefined {
  const root = cacheRoot(env);
  if (!root) return undefined;
  return { file: join(root, "models", endpointFolder(endpoint), `${escapeModelId(id)}.gguf.json`), endpoint, id };
}

/** The cached facts by file; empty when there are none or the file is damaged (it is then overwritten). */
export async function readGgufCache(slot: GgufCacheSlot): Promise<Record<string, GgufFacts>> {
  try {
    const entry = GgufCacheSchema.safeParse(JSON.parse(await readFile(slot.file, "utf8")));
    if (entry.success && entry.data.endpoint === slot.endpoint && entry.data.id === slot.id) return entry.data.files;
  } catch {
    // Absent or unreadable: nothing cached.
  }
  return {};
}

export async function writeGgufCache(slot: GgufCacheSlot, file: string, facts: GgufFacts): Promise<CacheWrite> {
  const files = { ...(await readGgufCache(slot)), [file]: facts };
  return writeCacheFile(slot.file, JSON.stringify({ version: 2, endpoint: slot.endpoint, id: slot.id, files }));
}
