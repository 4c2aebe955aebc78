import { statSync } from "node:fs";
import { fail } from "../outcome/problems.js";
import { readSizedModelFile, type SizedModel } from "./read-model.js";
import { modelIdProblem } from "./model-id.js";
import type { ModelData } from "./schema.js";
import type { Hub } from "./hub/hub.js";

export interface ReadOptions {
  /** Also fetch the repository's file sizes (the tree endpoint), for --fits and quant listings. */
  sizes?: boolean;
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
export async function resolveModel(arg: string, hub: Hub, options: ReadOptions = {}): Promise<ModelData> {
  return (await resolveModelArgument(arg, hub, options)).model;
}

/** resolveModel, with where the model came from and, for a regular file, its size. */
export async function resolveModelArgument(arg: string, hub: Hub, options: ReadOptions = {}): Promise<ResolvedModel> {
  if (arg === "-") return { ...(await readSizedModelFile(arg)), source: { kind: "stdin" } };
  // What exists is a path, a folder too (the loader then says "is a directory"):
  // the user pointed at something on disk, not at the hub.
  // `x.json` is a valid model id too, but far more likely a mistyped path.
  // Its name is tested first: a batch of files then asks the file system nothing more than the reader does.
  if (/\.json$/i.test(arg) || onDisk(arg)) return fromFile(arg);
  if (/^https?:\/\//i.test(arg)) {
    const id = modelIdOfUrl(arg, hub.endpoint);
    return { model: await modelFromHub(id, hub, options), source: { kind: "hub", id } };
  }
  const problem = modelIdProblem(arg);
  if (problem) fail({ kind: "not-a-model", given: arg, why: problem });
  return { model: await modelFromHub(arg, hub, options), source: { kind: "hub", id: arg } };
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
  const refused = () => fail({ kind: "not-a-model-page", given: text });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refused();
  }
  const base = new URL(endpoint);
  const basePath = base.pathname.replace(/\/+$/, "");
  let path = url.pathname;
  if (url.host === base.host && basePath !== "" && path.startsWith(`${basePath}/`)) path = path.slice(basePath.length);
  else if (!HUB_HOSTS.has(url.hostname.toLowerCase()) && url.host !== base.host) refused();
  let parts: string[];
  try {
    parts = path
      .split("/")
      .filter((part) => part !== "")
      .map(decodeURIComponent);
  } catch {
    return refused();
  }
  const end = parts.findIndex((part, index) => index > 0 && PAGE_PARTS.has(part));
  const named = parts.slice(0, end === -1 ? 2 : Math.min(end, 2));
  const id = named.join("/");
  // The hub's own sections: `datasets/ORG/NAME` would otherwise read as a model of the org "datasets".
  if (named.length === 0 || ["datasets", "spaces", "api", "docs", "models", "collections", "papers"].includes(named[0]!) || modelIdProblem(id)) refused();
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

/** A hub model's metadata, through the hub's cache. */
export async function modelFromHub(id: string, hub: Hub, options: ReadOptions = {}): Promise<ModelData> {
  // The hub modules validate with zod: loaded only for hub ids, so that model files start faster.
  const [{ MODEL_ENTRY }, { fetchModel }, { hasGgufSizes, withFileSizes }] = await Promise.all([
    import("./hub/model-entry.js"),
    import("./hub/fetch-model.js"),
    import("./hub/file-sizes.js"),
  ]);
  // An entry written before hubref kept the file list lacks it, and one without sizes cannot plan: fetched again, unless offline.
  const complete = (kept: ModelData) => !options.sizes || hasGgufSizes(kept);
  return hub.cache.through(
    MODEL_ENTRY,
    { origin: hub.endpoint, key: id, thing: { kind: "model", id } },
    async () => {
      const end = hub.progress.begin({ kind: "fetching-model", id, host: hub.host });
      try {
        const data = await fetchModel(id, hub);
        return options.sizes && !hasGgufSizes(data) ? await withFileSizes(data, hub) : data;
      } finally {
        end();
      }
    },
    complete,
  );
}
