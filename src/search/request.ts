import { matchChoice, requireChoice, unknownChoice } from "../choices/choices.js";
import { fail } from "../outcome/problems.js";
import { appEntries } from "../apps/registry.js";
import { PROVIDER_IDS } from "../inference/id-lists.js";
import { libraryEntries } from "../libraries/registry.js";
import { requireTask } from "../tasks/task-choice.js";
import { DEFAULT_LIMIT, parseLimit, parseParamRange, SORT_NAMES, type SearchRequest, type SortName } from "./query.js";

/**
 * The filters as typed, before they are checked: each of the request's
 * filters as text, but the free text (`query`, the request's `search`) and
 * the `--gguf` switch.
 */
export type SearchInput = { query?: string; gguf?: boolean } & { [Filter in Exclude<keyof SearchRequest, "search" | "gguf">]?: string };

/** What `--provider` takes: a provider hubref knows, or "all" for any live one. */
const SEARCH_PROVIDERS = [...PROVIDER_IDS, "all"] as const;

/** An author (a user or an organisation name) as the hub spells them. */
const AUTHOR = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/;

/** Checks each filter against the catalogue; a value no list holds fails, with a suggestion. */
export function searchRequest(input: SearchInput): SearchRequest {
  const request: SearchRequest = { sort: "trending", limit: DEFAULT_LIMIT };
  const query = input.query?.trim();
  if (query) request.search = query;
  if (input.task !== undefined) request.task = requireTask(input.task);
  if (input.library !== undefined) {
    const keys = libraryEntries().map((entry) => entry.key);
    const key = matchChoice(input.library.trim(), keys);
    if (key === undefined) throw unknownChoice("library", input.library, keys, { kind: "listed-by", command: "libraries" });
    request.library = key;
  }
  if (input.provider !== undefined) {
    const provider = matchChoice(input.provider.trim(), SEARCH_PROVIDERS);
    if (provider === undefined) throw unknownChoice("provider", input.provider, SEARCH_PROVIDERS);
    request.provider = provider;
  }
  if (input.app !== undefined) {
    const keys = appEntries().map((app) => app.key);
    const key = matchChoice(input.app.trim(), keys);
    if (key === undefined) throw unknownChoice("app", input.app, keys, { kind: "listed-by", command: "apps" });
    request.app = key;
  }
  if (input.author !== undefined) {
    const author = input.author.trim();
    if (!AUTHOR.test(author)) fail({ kind: "author-invalid", given: input.author });
    request.author = author;
  }
  if (input.gguf) request.gguf = true;
  if (input.params !== undefined) request.params = parseParamRange(input.params);
  if (input.sort !== undefined) request.sort = requireChoice<SortName>("sort", input.sort.trim(), SORT_NAMES);
  if (input.limit !== undefined) request.limit = parseLimit(input.limit);
  return request;
}
