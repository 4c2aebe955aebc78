import { statSync } from "node:fs";
import { operationalError, usageError } from "../errors.js";
import type { OutputStream } from "../output/output.js";
import { readSizedModelFile, type SizedModel } from "./read-model.js";
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

/** Whether anything (a file, a folder, a pipe) is at `path`. */
function onDisk(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where a MODEL argument's metadata came from, decided once by resolveModelArgument for everything downstream.
 * A path is `rereadable` when it is a regular file, not a pipe or device read once.
 */
export type ModelSource = { kind: "file"; path: string; rereadable: boolean } | { kind: "stdin" } | { kind: "hub"; id: string };

/** A MODEL argument, read: its metadata, where it came from, and a regular file's size. */
export interface ResolvedModel extends SizedModel {
  source: ModelSource;
}

/**
 * Model metadata for a command-line MODEL argument: a file path or `-` (stdin),
 * else a hub model id, fetched (or taken from the cache). An existing file wins
 * over an id of the same spelling, and so does a folder (an error).
 */
export async function resolveModel(arg: string, options: ResolveOptions): Promise<ModelData> {
  return (await resolveModelArgument(arg, options)).model;
}

/** resolveModel, with where the model came from and, for a regular file, its size. */
export async function resolveModelArgument(arg: string, options: ResolveOptions): Promise<ResolvedModel> {
  if (arg === "-") return { ...(await readSizedModelFile(arg)), source: { kind: "stdin" } };
  // What exists is a path, a folder too (the loader then says "is a directory"):
  // the user pointed at something on disk, not at the hub.
  // `x.json` is a valid model id too, but far more likely a mistyped path.
  // Its name is tested first: a batch of files then asks the file system nothing more than the reader does.
  if (/\.json$/i.test(arg) || onDisk(arg)) return fromFile(arg);
  if (/^https?:\/\//i.test(arg)) {
    const id = modelIdOfUrl(arg, hubEndpoint(options.env));
    return { model: await modelFromHub(id, options), source: { kind: "hub", id } };
  }
  const problem = modelIdProblem(arg);
  if (problem) {
    throw usageError(
      `'${arg}' is neither an existing file nor a hub model id (${problem})`,
      "pass a JSON metadata file, `-` for stdin, or a model id such as meta-llama/Llama-3.1-8B-Instruct",
    );
  }
  return { model: await modelFromHub(arg, options), source: { kind: "hub", id: arg } };
}

/** The hosts of the public hub's pages; HF_ENDPOINT's host is one too. */
const HUB_HOSTS = new Set(["huggingface.co", "www.huggingface.co", "hf.co"]);

/** What follows a model's id in the path of one of its pages: a file, a folder, a branch's commits, the discussions. */
const PAGE_PARTS = new Set(["tree", "blob", "resolve", "raw", "commit", "commits", "discussions", "blame", "edit"]);

/**
 * The model id a pasted page URL names (`https://huggingface.co/ORG/NAME`, with
 * or without `/tree/…`, `/blob/…`, a trailing slash, a query), or the usage error.
 */
export function modelIdOfUrl(text: string, endpoint: string): string {
  const refused = () =>
    usageError(
      `'${text}' is not a model's page on the hub`,
      "pass a model id such as meta-llama/Llama-3.1-8B-Instruct, or its page's URL https://huggingface.co/ORG/NAME",
    );
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refused();
  }
  const base = new URL(endpoint);
  const basePath = base.pathname.replace(/\/+$/, "");
  let path = url.pathname;
  if (url.host === base.host && basePath !== "" && path.startsWith(`${basePath}/`)) path = path.slice(basePath.length);
  else if (!HUB_HOSTS.has(url.hostname.toLowerCase()) && url.host !== base.host) throw refused();
  let parts: string[];
  try {
    parts = path
      .split("/")
      .filter((part) => part !== "")
      .map(decodeURIComponent);
  } catch {
    throw refused();
  }
  const end = parts.findIndex((part, index) => index > 0 && PAGE_PARTS.has(part));
  const named = parts.slice(0, end === -1 ? 2 : Math.min(end, 2));
  const id = named.join("/");
  // The hub's own sections: `datasets/ORG/NAME` would otherwise read as a model of the org "datasets".
  if (named.length === 0 || ["datasets", "spaces", "api", "docs", "models", "collections", "papers"].includes(named[0]!) || modelIdProblem(id)) throw refused();
  return id;
}

async function fromFile(path: string): Promise<ResolvedModel> {
  const sized = await readSizedModelFile(path);
  // The reader measures regular files only: what it measured can be read again.
  return { ...sized, source: { kind: "file", path, rereadable: sized.fileBytes !== undefined } };
}

/** The model's hub id when the argument named one, so its GGUF header can be read; a file or stdin has none. */
export function hubIdOf(resolved: ResolvedModel): string | undefined {
  return resolved.source.kind === "hub" ? resolved.model.id : undefined;
}

/** How a command the user may run next names the model: a file that can be read again by its path, else by its id. */
export function commandRefOf(resolved: ResolvedModel): string {
  return resolved.source.kind === "file" && resolved.source.rereadable ? resolved.source.path : resolved.model.id;
}

/** A hub model's metadata, through the on-disk cache. */
export async function modelFromHub(id: string, options: ResolveOptions): Promise<ModelData> {
  // The hub modules validate with zod: loaded only for hub ids, so that model files start faster.
  const [
    { cacheRoot, cacheSlot, DEFAULT_CACHE_TTL_MS, isFresh, readCache, writeCache },
    { fetchModel },
    { hasGgufSizes, withFileSizes },
    { fetchSettingsFromEnv },
  ] = await Promise.all([import("./hub/cache.js"), import("./hub/fetch-model.js"), import("./hub/file-sizes.js"), import("./hub/hub-get.js")]);
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
      slot
        ? `model '${id}' is not in the cache, and --offline forbids fetching it`
        : `--offline needs a cache, and there is none: neither XDG_CACHE_HOME nor HOME is set`,
      "run once without --offline to fetch and cache it",
    );
  }

  const spinner = startSpinner(options.stderr ?? { write: () => undefined }, `fetching ${id} from ${endpointHost(endpoint)}`, options.env, options.spinner);
  let data: ModelData;
  try {
    const fetchOptions = { endpoint, ...(token ? { token } : {}), settings: { ...fetchSettingsFromEnv(options.env), ...options.fetch } };
    data = await fetchModel(id, fetchOptions);
    if (options.sizes && !hasGgufSizes(data)) data = await withFileSizes(data, fetchOptions);
  } finally {
    spinner.stop();
  }
  if (slot) {
    const outcome = await writeCache(slot, data, now());
    if (!outcome.written) {
      options.stderr?.write(`warning: cannot write the cache in ${cacheRoot(options.env)} (${outcome.reason}); hubref will fetch ${id} again next time\n`);
    }
  }
  return data;
}
