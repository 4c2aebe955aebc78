import { dirname, join } from "node:path";
import type { CachedThing } from "../../outcome/hub-problems.js";
import { fail } from "../../outcome/problems.js";
import type { Note } from "../../outcome/notes.js";

/*
 * The one cache every kind of hub answer goes through: model metadata, the
 * router's list, GGUF and safetensors headers, the search lists and answers
 * of `models --fits`. One policy decides for all of them: --refresh skips
 * what is kept, --offline takes what is kept whatever its age and never asks
 * the hub, and otherwise an entry younger than the time to live is used.
 * A kind only says how its entries read back (`parse`), so what one kind
 * keeps can never be read as another's, and an entry of an older shape is
 * simply absent: fetched again and overwritten.
 */

export interface CachePolicy {
  /** Take what is kept, whatever its age; never ask the hub. */
  offline: boolean;
  /** Ignore what is kept and ask again (the new answer is kept). */
  refresh: boolean;
  /** How long an entry is used without asking again. */
  ttlMs: number;
  now: () => number;
}

export const DEFAULT_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

/** What a kind of entry is: its folder, the version of its shape, and how a read-back value is checked. */
export interface CacheKind<T> {
  readonly folder: string;
  readonly version: number;
  /** The value read back, or undefined when it is not one of this kind (damaged, older, foreign). */
  parse(value: unknown): T | undefined;
}

/** Where one entry lives: the service it came from (a hub, a router) and its key there. */
export interface CacheKey {
  origin: string;
  key: string;
  /** What the entry holds, for the problem --offline gives when it is missing. */
  thing: CachedThing;
}

export interface Kept<T> {
  value: T;
  fetchedAt: number;
}

export interface CacheStore {
  /** The folder entries are kept in; undefined when there is none (then nothing is kept). */
  readonly root: string | undefined;
  readonly policy: CachePolicy;
  /**
   * The entry's value as the policy allows it (kept and fresh, or kept and
   * offline), else `fetch()`'s, which is kept. `complete` says whether a
   * fresh entry holds all that is asked now (an older entry may lack a field
   * a newer run needs); offline, any entry is taken.
   */
  through<T>(kind: CacheKind<T>, at: CacheKey, fetch: () => Promise<T>, complete?: (kept: T) => boolean): Promise<T>;
  /** The entry, whatever its age; undefined under --refresh, or when there is none. */
  read<T>(kind: CacheKind<T>, at: Omit<CacheKey, "thing">): Promise<Kept<T> | undefined>;
  /** Keeps a value; best effort: a folder that cannot be written is said once, through `warn`. */
  write<T>(kind: CacheKind<T>, at: Omit<CacheKey, "thing">, value: T, fetchedAt?: number): Promise<void>;
  /** Whether a kept entry's age lets it be used without asking (--offline: any age). */
  usable(kept: Kept<unknown>): boolean;
  /** The problem of a missing entry under --offline. */
  missing(thing: CachedThing): never;
}

/** A model id never holds "--", so `org--name` names one model; a key that is not a plain name has none (it goes by its hash). */
export function readableName(key: string): string | undefined {
  const readable = key.replace("/", "--");
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/.test(readable) ? readable : undefined;
}

/**
 * The file of one entry. The hashing is loaded here, when something is
 * kept or looked for: a command that never reaches the hub loads none of it.
 */
export async function entryFile(root: string, kind: CacheKind<unknown>, at: Omit<CacheKey, "thing">): Promise<string> {
  const [{ createHash }, { endpointFolder }] = await Promise.all([import("node:crypto"), import("./cache-paths.js")]);
  const name = readableName(at.key) ?? createHash("sha256").update(at.key).digest("hex").slice(0, 32);
  return join(root, kind.folder, endpointFolder(at.origin), `${name}.json`);
}

interface Envelope {
  version: number;
  origin: string;
  key: string;
  fetchedAt: string;
  value: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.version === "number" && typeof entry.origin === "string" && typeof entry.key === "string" && typeof entry.fetchedAt === "string";
}

/** More folders than any real cache path has: the walk up to an existing folder always ends. */
const MAX_FOLDER_DEPTH = 64;

/**
 * Creates `folder` and its missing parents one at a time. Node 20's
 * `mkdir(..., { recursive: true })` never returns under /proc (it spins at
 * full CPU), so the walk is done here, with a bound.
 */
async function makeFolders(folder: string, mode: number): Promise<void> {
  const { mkdir, stat } = await import("node:fs/promises");
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
 * Writes `text` to a cache file: to a uniquely named file in the same folder,
 * then renamed over the entry. A rename within a folder is atomic, so a
 * reader or a concurrent writer sees one whole file or another, never a mix;
 * private, as private models' metadata may land here.
 */
export async function writeCacheFile(file: string, text: string): Promise<CacheWrite> {
  // Loaded when a command keeps something: one that never reaches the hub loads none of it.
  const [{ rename, rm, writeFile }, { randomBytes }] = await Promise.all([import("node:fs/promises"), import("node:crypto")]);
  const temp = `${file}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`;
  try {
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

/** Fresh: younger than the time to live. A date in the future (a clock that moved back) is not trusted. */
export function isFresh(fetchedAt: number, now: number, ttlMs: number): boolean {
  const age = now - fetchedAt;
  return age >= 0 && age < ttlMs;
}

export function cacheStore(root: string | undefined, policy: CachePolicy, warn: (note: Note) => void): CacheStore {
  let warned = false;
  const store: CacheStore = {
    root,
    policy,
    async read<T>(kind: CacheKind<T>, at: Omit<CacheKey, "thing">): Promise<Kept<T> | undefined> {
      if (root === undefined || policy.refresh) return undefined;
      let entry: unknown;
      try {
        const { readFile } = await import("node:fs/promises");
        entry = JSON.parse(await readFile(await entryFile(root, kind, at), "utf8"));
      } catch {
        // Absent or damaged: fetched again and overwritten, never a crash.
        return undefined;
      }
      if (!isEnvelope(entry) || entry.version !== kind.version || entry.origin !== at.origin || entry.key !== at.key) return undefined;
      const fetchedAt = Date.parse(entry.fetchedAt);
      if (Number.isNaN(fetchedAt)) return undefined;
      const value = kind.parse(entry.value);
      return value === undefined ? undefined : { value, fetchedAt };
    },
    async write<T>(kind: CacheKind<T>, at: Omit<CacheKey, "thing">, value: T, fetchedAt = policy.now()): Promise<void> {
      if (root === undefined) return;
      const envelope: Envelope = { version: kind.version, origin: at.origin, key: at.key, fetchedAt: new Date(fetchedAt).toISOString(), value };
      const outcome = await writeCacheFile(await entryFile(root, kind, at), JSON.stringify(envelope));
      if (!outcome.written && !warned) {
        warned = true;
        warn({ kind: "cache-not-written", root, reason: outcome.reason });
      }
    },
    usable(kept) {
      return policy.offline || isFresh(kept.fetchedAt, policy.now(), policy.ttlMs);
    },
    missing(thing: CachedThing): never {
      return fail(root === undefined ? { kind: "offline-no-cache" } : { kind: "offline-not-cached", thing });
    },
    async through<T>(kind: CacheKind<T>, at: CacheKey, fetch: () => Promise<T>, complete: (kept: T) => boolean = () => true): Promise<T> {
      const kept = await store.read(kind, at);
      if (kept && (policy.offline || (complete(kept.value) && store.usable(kept)))) return kept.value;
      if (policy.offline) store.missing(at.thing);
      const value = await fetch();
      await store.write(kind, at, value);
      return value;
    },
  };
  return store;
}
