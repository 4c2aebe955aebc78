import { fail } from "../outcome/problems.js";
import { parseCount } from "../util/numbers.js";

/*
 * What `hubref models` (and the browser) ask the hub's model list, and the
 * query string that asks it: GET {endpoint}/api/models?search=…&pipeline_tag=….
 */

/** The sorts a person picks, and the hub's name for each. Descending, as the hub sorts by default. */
const SORTS = {
  trending: "trendingScore",
  downloads: "downloads",
  likes: "likes",
  created: "createdAt",
  modified: "lastModified",
} as const;
export type SortName = keyof typeof SORTS;
export const SORT_NAMES = Object.keys(SORTS) as SortName[];

/**
 * The fields a result line shows, and nothing more: the hub sends only these
 * (and the id) when asked with expand[]. `inferenceProviderMapping` gives the
 * live providers; the hub has sent it as an object keyed by provider and, in
 * older answers, as a list, and both are read.
 */
const SEARCH_FIELDS = ["pipeline_tag", "library_name", "downloads", "likes", "trendingScore", "createdAt", "inferenceProviderMapping", "gated"] as const;

/** Most results one command asks for. */
const MAX_LIMIT = 1000;
export const DEFAULT_LIMIT = 20;
/** Results per request: a page the hub answers quickly; more follow the Link header. */
const PAGE_SIZE = 100;

/** A parameter count bound as the hub reads it: a number with K, M, B or T. */
const PARAM_COUNT = /^\d+(\.\d+)?[KMBT]$/;

export interface ParamRange {
  min?: string;
  max?: string;
}

export interface SearchRequest {
  search?: string;
  /** A pipeline tag. */
  task?: string;
  /** A library key. */
  library?: string;
  /** A provider id, or "all" for any live provider. */
  provider?: string;
  /** A local app key. */
  app?: string;
  author?: string;
  gguf?: boolean;
  /** More of the hub's `filter` values (a format's tag, such as safetensors), each required. */
  filters?: readonly string[];
  params?: ParamRange;
  sort: SortName;
  limit: number;
}

/** `7B..14B`, `..3B`, `70B..`: the sizes of models wanted, bounds included. */
export function parseParamRange(text: string): ParamRange {
  const parts = text.trim().toUpperCase().split("..");
  if (parts.length !== 2) fail({ kind: "params-invalid", given: text, fault: { kind: "not-range" } });
  const [min, max] = parts as [string, string];
  if (min === "" && max === "") fail({ kind: "params-invalid", given: text, fault: { kind: "no-bound" } });
  for (const bound of [min, max]) {
    if (bound !== "" && !PARAM_COUNT.test(bound)) fail({ kind: "params-invalid", given: text, fault: { kind: "not-count", bound } });
  }
  if (min !== "" && max !== "" && paramCount(min) > paramCount(max)) fail({ kind: "params-invalid", given: text, fault: { kind: "reversed", min, max } });
  return { ...(min ? { min } : {}), ...(max ? { max } : {}) };
}

const SCALE: Readonly<Record<string, number>> = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 };

/** A parameter count such as "7B" as a number. */
function paramCount(bound: string): number {
  return Number(bound.slice(0, -1)) * SCALE[bound.slice(-1)]!;
}

/** The most results: a whole number from 1 to MAX_LIMIT. */
export function parseLimit(text: string): number {
  const value = parseCount(text, 1000);
  if (value === undefined || value < 1 || value > MAX_LIMIT) return fail({ kind: "limit-invalid", given: text, min: 1, max: MAX_LIMIT });
  return value;
}

/** The first page's URL. Later pages are the hub's own `Link: <…>; rel="next"`. */
export function searchUrl(endpoint: string, request: SearchRequest, extraFields: readonly string[] = []): string {
  const query = new URLSearchParams();
  if (request.search) query.append("search", request.search);
  if (request.author) query.append("author", request.author);
  if (request.task) query.append("pipeline_tag", request.task);
  if (request.library) query.append("filter", request.library);
  if (request.gguf) query.append("filter", "gguf");
  for (const filter of request.filters ?? []) query.append("filter", filter);
  if (request.provider) query.append("inference_provider", request.provider);
  if (request.app) query.append("apps", request.app);
  if (request.params) {
    const bounds = [request.params.min ? `min:${request.params.min}` : "", request.params.max ? `max:${request.params.max}` : ""].filter(Boolean);
    query.append("num_parameters", bounds.join(","));
  }
  query.append("sort", SORTS[request.sort]);
  query.append("limit", String(Math.min(request.limit, PAGE_SIZE)));
  for (const field of [...SEARCH_FIELDS, ...extraFields]) query.append("expand[]", field);
  return `${endpoint}/api/models?${query}`;
}

/** The filters of a request in words, for "no model matches …". */
export function describeRequest(request: SearchRequest): string {
  const parts: string[] = [];
  if (request.search) parts.push(`'${request.search}'`);
  if (request.task) parts.push(`task ${request.task}`);
  if (request.library) parts.push(`library ${request.library}`);
  if (request.provider) parts.push(request.provider === "all" ? "any live provider" : `provider ${request.provider}`);
  if (request.app) parts.push(`app ${request.app}`);
  if (request.author) parts.push(`author ${request.author}`);
  if (request.gguf) parts.push("GGUF files");
  if (request.filters?.includes("safetensors")) parts.push("safetensors weights");
  if (request.params) parts.push(`parameters ${request.params.min ?? ""}..${request.params.max ?? ""}`);
  return parts.length > 0 ? parts.join(", ") : "no filter";
}

/**
 * The next page from a Link header (RFC 8288), when it is on the same hub:
 * a link elsewhere would carry HF_TOKEN to another host, so it ends the list.
 */
export function nextPageUrl(link: string | null, current: string): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>\s*((?:;[^;]*)*)$/.exec(part);
    if (!match) continue;
    const rels = [...match[2]!.matchAll(/;\s*rel\s*=\s*"?([^";]+)"?/gi)].flatMap((rel) => rel[1]!.toLowerCase().split(/\s+/));
    if (!rels.includes("next")) continue;
    let next: URL;
    try {
      next = new URL(match[1]!, current);
    } catch {
      return undefined;
    }
    return next.origin === new URL(current).origin ? next.href : undefined;
  }
  return undefined;
}
