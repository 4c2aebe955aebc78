/**
 * What the models browser is handed by its command and gives back. Plain
 * in-memory types; the hub's answers were read by src/search/ already.
 */
import type { SearchHit } from "../../search/hits.js";
import type { SearchRequest } from "../../search/query.js";
import type { Menu } from "../types.js";

export type { SearchHit };

/** The filter rows, in screen order; each offers "any" first. */
export const FILTER_ROWS = ["task", "provider", "sort"] as const;
export type FilterRow = (typeof FILTER_ROWS)[number];

export type BrowserFocus = "search" | FilterRow | "list";

export interface SearchReply {
  hits: SearchHit[];
  /** Set when the answer came from the catalogue and cache, with the reason, for the header. */
  offline?: string;
}

export interface BrowserServices {
  /** One search; rejects with a message for the status line. */
  search(request: SearchRequest): Promise<SearchReply>;
  /** The picker's input for a model, its metadata fetched with the provider mapping. */
  open(hit: SearchHit): Promise<Menu>;
  /** The values of each filter row, "any" excluded; sort's first value is the default. */
  choices: Record<FilterRow, readonly string[]>;
  /** Where results come from, for the header: the hub's host, or why it is offline. */
  source: string;
  offline: boolean;
  /** The command line's query and filters: the first search's. */
  preset?: SearchRequest;
}

/** What the list looked like, kept across a visit to the snippet picker. */
export interface BrowserMemory {
  query: string;
  filters: Record<FilterRow, number>;
  selected: number;
  hits: SearchHit[];
  focus: BrowserFocus;
}

export type BrowserExit = { kind: "quit"; interrupted: boolean; memory: BrowserMemory } | { kind: "open"; input: Menu; memory: BrowserMemory };
