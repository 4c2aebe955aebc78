import { statSync } from "node:fs";
import { operationalError, usageError } from "../errors.js";
import type { OutputStream } from "../output/output.js";
import { readModelFile } from "./read-model.js";
import { modelIdProblem } from "./model-id.js";
import type { ModelData } from "./schema.js";
import type { HubFetchSettings } from "./hub/fetch-model.js";
import { endpointHost, hubEndpoint, hubToken } from "./hub/endpoint.js";
import { startSpinner, type SpinnerSettings } from "./hub/spinner.js";

export interface ResolveOptions {
  /** HF_ENDPOINT, HF_TOKEN, XDG_CACHE_HOME, HOME, TERM are read from here, never from process.env. */
  env: NodeJS.ProcessEnv;
  /** Use the cached copy whatever its age; never touch the network. */
  offline?: boolean;
  /** Ignore the cached copy and fetch again (the new copy is cached). */
  refresh?: boolean;
  /** Where the spinner draws, when it is a terminal. */
  stderr?: OutputStream;
  /** Also fetch the repository's file sizes (the tree endpoint), for --fits and quant listings. */
  sizes?: boolean;
  cacheTtlMs?: number;
  fetch?: Partial<HubFetchSettings>;
  spinner?: Partial<SpinnerSettings>;
  now?: () => number;
}

/** What is at `path`: nothing, a folder, or something to read (a file, a pipe). */
function onDisk(path: string): "none" | "folder" | "file" {
  try {
    return statSync(path).isDirectory() ? "folder" : "file";
  } catch {
    return "none";
  }
}

/**
 * Model metadata for a command-line MODEL argument: a file path or `-` (stdin),
 * else a hub model id, fetched (or taken from the cache). An existing file wins
 * over an id of the same spelling; a folder does not, since models are often
 * downloaded into `org/name` folders.
 */
export async function resolveModel(arg: string, options: ResolveOptions): Promise<ModelData> {
  const found = arg === "-" ? "file" : onDisk(arg);
  if (found === "file") return readModelFile(arg);
  const problem = modelIdProblem(arg);
  // Let the loader say "is a directory" or "no such file": `x.json` is a valid
  // model id too, but far more likely a mistyped path.
  if (found === "folder" && problem) return readModelFile(arg);
  if (found === "none" && /\.json$/i.test(arg)) return readModelFile(arg);
  if (problem) {
    throw usageError(`'${arg}' is neither an existing file nor a hub model id (${problem})`, "pass a JSON metadata file, `-` for stdin, or a model id such as meta-llama/Llama-3.1-8B-Instruct");
  }
  return modelFromHub(arg, options);
}

/** Whether resolveModel reads `arg` from a file (which can be read again), rather than stdin or the hub. */
export function isModelFile(arg: string): boolean {
  return arg !== "-" && onDisk(arg) === "file";
}

/** --offline and --refresh ask opposite things of the cache; commands check it before reading any model, files included. */
export function checkCacheFlags(options: { offline?: boolean; refresh?: boolean }): void {
  if (options.offline && options.refresh) throw usageError("--offline and --refresh contradict each other", "use one of them");
}

/** A hub model's metadata, through the on-disk cache. */
export async function modelFromHub(id: string, options: ResolveOptions): Promise<ModelData> {
  checkCacheFlags(options);
  // The hub modules validate with zod: loaded only for hub ids, so that model files start faster.
  const [{ cacheSlot, DEFAULT_CACHE_TTL_MS, isFresh, readCache, writeCache }, { fetchModel }, { hasGgufSizes, withFileSizes }] = await Promise.all([
    import("./hub/cache.js"),
    import("./hub/fetch-model.js"),
    import("./hub/file-sizes.js"),
  ]);
  const endpoint = hubEndpoint(options.env);
  const token = hubToken(options.env);
  const now = options.now ?? Date.now;
  const slot = cacheSlot(options.env, endpoint, id);

  if (!options.refresh && slot) {
    const cached = await readCache(slot);
    // An entry written before hubref kept the file list lacks it: fetch again, unless offline.
    const complete = cached?.withFiles === true && (!options.sizes || hasGgufSizes(cached.data));
    if (cached && (options.offline || (complete && isFresh(cached, now(), options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS)))) return cached.data;
  }
  if (options.offline) {
    throw operationalError(
      slot ? `model '${id}' is not in the cache, and --offline forbids fetching it` : `--offline needs a cache, and there is none: neither XDG_CACHE_HOME nor HOME is set`,
      "run once without --offline to fetch and cache it",
    );
  }

  const spinner = startSpinner(options.stderr ?? { write: () => undefined }, `fetching ${id} from ${endpointHost(endpoint)}`, options.env, options.spinner);
  let data: ModelData;
  try {
    const fetchOptions = { endpoint, ...(token ? { token } : {}), ...(options.fetch ? { settings: options.fetch } : {}) };
    data = await fetchModel(id, fetchOptions);
    if (options.sizes && !hasGgufSizes(data)) data = await withFileSizes(data, fetchOptions);
  } finally {
    spinner.stop();
  }
  if (slot) await writeCache(slot, data, now());
  return data;
}
