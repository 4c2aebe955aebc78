/**
 * The browser's state and how keys change it: plain functions, tested
 * without a terminal. Searching and opening are requests in `outbox`, which
 * the component carries out, so the reducer stays pure.
 */
import { keysOf, squeeze } from "../../hardware/catalogue.js";
import type { SortName } from "../../search/query.js";
import type { KeyPress } from "../keys.js";
import { FILTER_ROWS, type BrowserFocus, type BrowserMemory, type BrowserRequest, type FilterRow, type RowAliases, type SearchHit } from "./types.js";

export type Tone = "info" | "success" | "warning" | "error";

export interface BrowserState extends BrowserMemory {
  choices: Record<FilterRow, readonly string[]>;
  /** Other names a row's values go by, as the command line takes them. */
  aliases: RowAliases;
  /** The sequence number of the newest search asked for, and of the list shown. */
  asked: number;
  shown: number;
  loading: boolean;
  message?: { text: string; tone: Tone };
  /** Set by the results of an offline search: why, for the header. */
  offline?: string;
  /** Rows the list shows at once, from the layout; paging moves by it. */
  listHeight: number;
  /** Something for the component to do: search again, open a model. */
  outbox?: { kind: "search"; now: boolean } | { kind: "open"; hit: SearchHit };
  /** Set when the browser ends. */
  done?: { interrupted: boolean };
  /** Fetching the chosen model's metadata. */
  opening?: string;
  /** What was typed on the focused filter row, to pick a value by its start. */
  typed: string;
  /** With the fits row on: the budget the list was judged against, from the last results. */
  budget?: string;
}

export type BrowserAction =
  | { type: "key"; key: KeyPress }
  | { type: "asked"; seq: number }
  | { type: "results"; seq: number; hits: SearchHit[]; offline?: string; budget?: string }
  | { type: "failed"; seq: number; message: string }
  | { type: "open-failed"; message: string }
  | { type: "measured"; listHeight: number }
  | { type: "sent" };

const FOCUS_ORDER: BrowserFocus[] = ["search", ...FILTER_ROWS, "list"];

/** The row index of a preset value: "any" (0) when unset or not on offer. */
function presetIndex(values: readonly string[], value: string | undefined, offset: number): number {
  const index = value === undefined ? -1 : values.indexOf(value);
  return index < 0 ? 0 : index + offset;
}

export function initialBrowserState(
  choices: Record<FilterRow, readonly string[]>,
  memory?: BrowserMemory,
  preset?: BrowserRequest,
  aliases: RowAliases = {},
): BrowserState {
  const filters = {
    task: presetIndex(choices.task, preset?.task, 1),
    provider: presetIndex(choices.provider, preset?.provider, 1),
    sort: presetIndex(choices.sort, preset?.sort, 0),
    fits: presetIndex(choices.fits, preset?.fits, 1),
  };
  const base: BrowserMemory = memory ?? { query: preset?.search ?? "", filters, selected: 0, hits: [], focus: preset?.search ? "list" : "search" };
  // Back from the picker, the list is shown as it was; a first visit searches at once.
  return {
    ...base,
    choices,
    aliases,
    asked: 0,
    shown: 0,
    loading: memory === undefined,
    listHeight: 10,
    typed: "",
    ...(memory ? {} : { outbox: { kind: "search", now: true } }),
  };
}

/** The labels of a filter row: "any" first ("off" for fits; for sort, none: a sort always applies). */
export function rowLabels(state: BrowserState, row: FilterRow): string[] {
  if (row === "sort") return [...state.choices.sort];
  return [row === "fits" ? "off" : "any", ...state.choices[row]];
}

/**
 * The first label that starts with what was typed: as written, then by the
 * names the command line also takes (`t2i`, `asr`: the row's aliases), or, on
 * the fits row, as --fits reads a device's name (any case, spaces and brand
 * words optional: "4090" completes to RTX 4090, "m3 max:64" to Apple M3 Max:64).
 */
function completion(labels: readonly string[], row: FilterRow, typed: string, aliases: RowAliases): number {
  if (typed === "") return -1;
  const plain = labels.findIndex((label) => label.toLowerCase().startsWith(typed));
  if (plain >= 0) return plain;
  const names = aliases[row] ?? {};
  const named = Object.keys(names)
    .filter((name) => name.startsWith(typed))
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1))
    .map((name) => labels.indexOf(names[name]!))
    .find((index) => index >= 0);
  if (named !== undefined || row !== "fits") return named ?? -1;
  const wanted = squeeze(typed);
  if (wanted === "") return -1;
  return labels.findIndex((label) => {
    const [name, memory] = label.split(":");
    return keysOf(name!).some((key) => `${key}${memory ?? ""}`.startsWith(wanted));
  });
}

/** The chosen value of a filter row, undefined for "any". */
function filterValue(state: BrowserState, row: FilterRow): string | undefined {
  const index = state.filters[row];
  if (row === "sort") return state.choices.sort[index];
  return index === 0 ? undefined : state.choices[row][index - 1];
}

/** What the hub is asked for the current query and filters. */
export function searchRequestOf(state: BrowserState, limit: number): BrowserRequest {
  const request: BrowserRequest = { sort: (filterValue(state, "sort") ?? "trending") as SortName, limit };
  if (state.query.trim()) request.search = state.query.trim();
  const task = filterValue(state, "task");
  if (task) request.task = task;
  const provider = filterValue(state, "provider");
  if (provider) request.provider = provider;
  const fits = filterValue(state, "fits");
  if (fits) request.fits = fits;
  return request;
}

/** The fits row's value, undefined when off: the picker plans the chosen model's quant with it. */
export function fitsOf(state: BrowserState): string | undefined {
  return filterValue(state, "fits");
}

export function memoryOf(state: BrowserState): BrowserMemory {
  return { query: state.query, filters: state.filters, selected: state.selected, hits: state.hits, focus: state.focus };
}

function search(state: BrowserState, now = false): BrowserState {
  return { ...state, outbox: { kind: "search", now }, loading: true };
}

function moveFocus(state: BrowserState, step: number): BrowserState {
  const index = FOCUS_ORDER.indexOf(state.focus);
  const next = FOCUS_ORDER[(index + step + FOCUS_ORDER.length) % FOCUS_ORDER.length]!;
  return { ...state, focus: next };
}

function select(state: BrowserState, index: number): BrowserState {
  if (state.hits.length === 0) return state;
  return { ...state, selected: Math.max(0, Math.min(state.hits.length - 1, index)) };
}

function onSearchField(state: BrowserState, key: KeyPress): BrowserState {
  switch (key.name) {
    case "char":
      return search({ ...state, query: state.query + key.char, message: undefined });
    case "backspace":
      // On an empty field, back to the list, as Esc does.
      if (state.query === "") return { ...state, focus: "list" };
      return search({ ...state, query: [...state.query].slice(0, -1).join("") });
    case "escape":
    case "down":
      return { ...state, focus: key.name === "escape" ? "list" : "task" };
    case "enter":
      return { ...state, focus: "list" };
    default:
      return state;
  }
}

/** The longest text typed that a picked value could keep growing from, and the value, after a miss: at least two letters. */
const RESTART_LETTERS = 2;

/**
 * What was typed on a row, and the value it picks: undefined while it picks none (shown so, and Backspace
 * edits it). After a miss, the last letters that pick a value take over, so a name typed afresh after a
 * mistake (`t2x`, then `text-to-image`) still picks its value.
 */
function pickByTyping(state: BrowserState, row: FilterRow, typed: string): { typed: string; found?: number } {
  const labels = rowLabels(state, row);
  const found = completion(labels, row, typed, state.aliases);
  if (found >= 0) return { typed, found };
  for (let start = 1; typed.length - start >= RESTART_LETTERS; start++) {
    const rest = typed.slice(start);
    const again = completion(labels, row, rest, state.aliases);
    if (again >= 0) return { typed: rest, found: again };
  }
  return { typed };
}

/** Whether what was typed on the focused row picks nothing: the row says so. */
export function typedMisses(state: BrowserState, row: FilterRow): boolean {
  return state.typed !== "" && completion(rowLabels(state, row), row, state.typed, state.aliases) < 0;
}

function onFilterRow(state: BrowserState, row: FilterRow, key: KeyPress): BrowserState {
  const count = rowLabels(state, row).length;
  const change = (step: number) => search({ ...state, filters: { ...state.filters, [row]: (state.filters[row] + step + count) % count }, selected: 0 });
  const typing = (typed: string) => {
    const picked = pickByTyping(state, row, typed);
    if (picked.found === undefined || picked.found === state.filters[row]) return { ...state, typed: picked.typed };
    return search({ ...state, typed: picked.typed, filters: { ...state.filters, [row]: picked.found }, selected: 0 });
  };
  switch (key.name) {
    case "left":
      return change(-1);
    case "backspace":
      // Edits what was typed.
      if (state.typed === "") return state;
      return typing([...state.typed].slice(0, -1).join(""));
    case "char": {
      // A space goes on a device's name being typed ("rtx 4090"); else it steps to the next value.
      if (key.char === " " && !(row === "fits" && state.typed !== "")) return change(1);
      if (key.char === "/") return { ...state, focus: "search", typed: "" };
      // q quits where nothing is being typed and no value starts with it.
      if (key.char === "q" && state.typed === "" && completion(rowLabels(state, row), row, "q", state.aliases) < 0) return quit(state, false);
      // Typing picks the first value that starts with what was typed ("text-g": text-generation, "t2i": text-to-image).
      return typing(state.typed + key.char.toLowerCase());
    }
    case "right":
      return change(1);
    case "up":
      return moveFocus(state, -1);
    case "down":
    case "enter":
      return moveFocus(state, 1);
    case "escape":
      return { ...state, focus: "list" };
    default:
      return state;
  }
}

function onList(state: BrowserState, key: KeyPress): BrowserState {
  switch (key.name) {
    case "up":
      if (state.selected === 0) return { ...state, focus: FILTER_ROWS[FILTER_ROWS.length - 1]! };
      return select(state, state.selected - 1);
    case "down":
      return select(state, state.selected + 1);
    case "pageUp":
      return select(state, state.selected - state.listHeight);
    case "pageDown":
      return select(state, state.selected + state.listHeight);
    case "home":
      return select(state, 0);
    case "end":
      return select(state, state.hits.length - 1);
    case "enter": {
      const hit = state.hits[state.selected];
      if (!hit) return state;
      return { ...state, outbox: { kind: "open", hit }, opening: hit.id, message: { text: `Fetching ${hit.id}…`, tone: "info" } };
    }
    case "escape":
      return quit(state, false);
    case "char":
      if (key.char === "q") return quit(state, false);
      if (key.char === "j") return select(state, state.selected + 1);
      if (key.char === "k") return select(state, state.selected - 1);
      if (key.char === "/") return { ...state, focus: "search" };
      // Any other letter starts a new search from the list.
      return search({ ...state, focus: "search", query: state.query + key.char });
    default:
      return state;
  }
}

function quit(state: BrowserState, interrupted: boolean): BrowserState {
  return { ...state, done: { interrupted } };
}

export function browserReducer(state: BrowserState, action: BrowserAction): BrowserState {
  if (state.done) return state;
  switch (action.type) {
    case "sent":
      return { ...state, outbox: undefined };
    case "asked":
      return { ...state, asked: action.seq };
    case "measured":
      return { ...state, listHeight: Math.max(1, action.listHeight) };
    case "results":
      // Only the newest request's reply is shown; the scheduler drops the others already.
      if (action.seq < state.asked) return state;
      return {
        ...state,
        hits: action.hits,
        shown: action.seq,
        loading: false,
        selected: Math.min(state.selected, Math.max(0, action.hits.length - 1)),
        message: action.hits.length === 0 ? { text: action.budget ? `No model fits ${action.budget}` : "No model matches", tone: "warning" } : undefined,
        ...(action.offline ? { offline: action.offline } : {}),
        budget: action.budget,
      };
    case "failed":
      if (action.seq < state.asked) return state;
      return { ...state, loading: false, message: { text: action.message, tone: "error" } };
    case "open-failed":
      return { ...state, opening: undefined, message: { text: action.message, tone: "error" } };
    case "key": {
      const key = action.key;
      if (key.name === "interrupt") return quit(state, true);
      if (state.opening) return state;
      // A pick by typing lasts while letters (and Backspace) follow on the same row.
      if (state.typed !== "" && key.name !== "char" && !(key.name === "backspace" && state.focus !== "search" && state.focus !== "list"))
        state = { ...state, typed: "" };
      if (key.name === "tab") return moveFocus(state, 1);
      if (key.name === "backtab") return moveFocus(state, -1);
      if (state.focus === "search") return onSearchField(state, key);
      if (state.focus === "list") return onList(state, key);
      return onFilterRow(state, state.focus, key);
    }
  }
}
