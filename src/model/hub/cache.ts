import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { z } from "zod";
import { ModelDataSchema, type ModelData } from "../schema.js";

/** How long a cached copy is used without asking the hub again. */
export const DEFAULT_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

/** Where one model's metadata from one hub endpoint is kept. */
export interface CacheSlot {
  file: string;
  endpoint: string;
  id: string;
}

interface CachedModel {
  fetchedAt: number;
  data: ModelData;
  /** Written by a hubref that asks for the file list (`siblings`); older entries lack it and are fetched again. */
  withFiles?: boolean;
}

const CacheFileSchema = z.object({
  version: z.literal(1),
  fetchedAt: z.iso.datetime(),
  endpoint: z.string(),
  id: z.string(),
  withFiles: z.boolean().optional(),
  data: z.unknown(),
});

export { cacheRoot, endpointFolder } from "./cache-paths.js";
import { cacheRoot, endpointFolder } from "./cache-paths.js";

/** A model id never holds "--" (see model-id.ts), so `org--name` names one model only. */
export function escapeModelId(id: string): string {
  return id.replace("/", "--");
}

export function cacheSlot(env: NodeJS.ProcessEnv, endpoint: string, id: string): CacheSlot | undefined {
  const root = cacheRoot(env);
  if (!root) return undefined;
  return { file: join(root, "models", endpointFolder(endpoint), `${escapeModelId(id)}.json`), endpoint, id };
}

/**
 * The cached copy, whatever its age; undefined when there is none or it is
 * unreadable. A damaged file is treated as absent: it is refetched and
 * overwritten, never a crash.
 */
export async function readCache(slot: CacheSlot): Promise<CachedModel | undefined> {
  let text: string;
  try {
    text = await readFile(slot.file, "utf8");
  } catch {
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const entry = CacheFileSchema.safeParse(value);
  if (!entry.success || entry.data.endpoint !== slot.endpoint || entry.data.id !== slot.id) return undefined;
  const data = ModelDataSchema.safeParse(entry.data.data);
  if (!data.success) return undefined;
  return { fetchedAt: Date.parse(entry.data.fetchedAt), data: data.data, withFiles: entry.data.withFiles === true };
}

/** Fresh: younger than the TTL. A date in the future (a clock that moved back) is not trusted. */
export function isFresh(entry: CachedModel, now: number, ttlMs: number): boolean {
  const age = now - entry.fetchedAt;
  return age >= 0 && age < ttlMs;
}

/** More folders than any real cache path has: the walk up to an existing folder always ends. */
const MAX_FOLDER_DEPTH = 64;

/**
 * Creates `folder` and its missing parents one at a time. Node 20's
 * `mkdir(..., { recursive: true })` never returns under /proc (it spins at
 * full CPU), so the walk is done here, with a bound.
 */
async function makeFolders(folder: string, mode: number): Promise<void> {
  const missing: string[] = [];
  let current = folder;
  for (let depth = 0; ; depth++) {
    try {
      if (!(await stat(current)).isDirectory()) throw Object.assign(new Error(`${current} is not a directory`), { code: "ENOTDIR" });
      break;
    } catch (error) {
      const parent = dirname(current);
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || parent === current || depth >= MAX_FOLDER_DEPTH) throw error;
      missing.push(current);
      current = parent;
    }
  }
  for (const path of missing.reverse()) {
    await mkdir(path, { mode }).catch((error: NodeJS.ErrnoException) => {
      // Another hubref made it meanwhile.
      if (error.code !== "EEXIST") throw error;
    });
  }
}

export type CacheWrite = { written: true } | { written: false; reason: string };

/**
 * Stores a copy. The text goes to a uniquely named file in the same folder,
 * then is renamed over the entry: a rename within a folder is atomic, so a
 * reader or a concurrent writer sees one whole file or another, never a mix.
 * Best effort: a cache that cannot be written (read-only home, full disk)
 * only means the next run fetches again; the reason is returned for a warning.
 */
export async function writeCache(slot: CacheSlot, data: ModelData, fetchedAt: number): Promise<CacheWrite> {
  const text = JSON.stringify({ version: 1, fetchedAt: new Date(fetchedAt).toISOString(), endpoint: slot.endpoint, id: slot.id, withFiles: true, data });
  return writeCacheFile(slot.file, text);
}

/** Writes `text` to a cache file as writeCache does: private, atomic, best effort. */
export async function writeCacheFile(file: string, text: string): Promise<CacheWrite> {
  const temp = `${file}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`;
  try {
    // Private models' metadata may land here: keep it to the user.
    await makeFolders(dirname(file), 0o700);
    await writeFile(temp, text, { flag: "wx", mode: 0o600 });
    await rename(temp, file);
    return { written: true };
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    return { written: false, reason: code ?? (error instanceof Error ? error.message : String(error)) };
  }
}
