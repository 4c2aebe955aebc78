/**
 * What the models browser is handed by its command and gives back. Plain
 * in-memory types; the hub's answers were read by src/search/ already.
 */
import type { SearchHit as ListedHit } from "../../search/hits.js";
import type { SearchRequest } from "../../search/query.js";
import type { Menu } from "../types.js";

/** With the fits row on: the quant that fits, its size, where it runs and its estimated speed. */
export interface HitFit {
  quant: string;
  size: number;
  runs: string;
  /** `≈ 85 tok/s`; absent where the bandwidth is unknown. */
  speed?: string;
}

export type SearchHit = ListedHit & { fit?: HitFit };

/** What one search asks: the hub's filters, and the fits row's value (a label of its choices, or absent when off). */
export type BrowserRequest = SearchRequest & { fits?: string };

/** The filter rows, in screen order; each offers "any" first ("off" for fits). */
export const FILTER_ROWS = ["task", "provider", "sort", "fits"] as const;
export type FilterRow = (typeof FILTER_ROWS)[number];

export type BrowserFocus = "search" | FilterRow | "list";

/** Other names a row's values go by, lower case, each to its value (`t2i`: text-to-image). */
export type RowAliases = Partial<Record<FilterRow, Readonly<Record<string, string>>>>;

export interface SearchReply {
  hits: SearchHit[];
  /** Set when the answer came from the catalogue and cache, with the reason, for the header. */
  offline?: string;
  /** With the fits row on: the budget judged against ("on RTX 4090, 24 GB (25.77 GB)"), for the status line. */
  budget?: string;
}

export interface BrowserServices {
  /** One search; rejects with a message for the status line. */
  search(request: BrowserRequest): Promise<SearchReply>;
  /** The picker's input for a model, its metadata fetched with the provider mapping; with the fits row on, its quant's app commands first, planned. */
  open(hit: SearchHit, fits?: string): Promise<Menu>;
  /** The values of each filter row, "any" excluded; sort's first value is the default. */
  choices: Record<FilterRow, readonly string[]>;
  /** Other names of a row's values, which typing on the row takes too: the command line's (`t2i`). */
  aliases?: RowAliases;
  /** Where results come from, for the header: the hub's host, or why it is offline. */
  source: string;
  offline: boolean;
  /** The command line's query and filters: the first search's. */
  preset?: BrowserRequest;
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
