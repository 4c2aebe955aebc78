/**
 * The picker's state and the reducer that moves it on each key press. Side
 * effects (copying, writing a file, leaving) are queued as commands in the
 * state and run by the screen, so fast keys never act on a stale state.
 */
import { CLI_NAMES } from "../words/cli-names.js";
import { errorWords, problemText } from "../words/problems.js";
import { formatBytes } from "../util/bytes.js";
import { buildCombos, clientKeyOf, resolveSelection, type Combo, type Preferences, type Selection } from "./combos.js";
import type { CopyOutcome } from "./copy.js";
import type { KeyPress } from "./keys.js";
import { blockLanguage, blockTool } from "../blocks/code-block.js";
import { defaultFileName, languageLabel, providerLabel } from "./labels.js";
import { languagesOfClient } from "../inference/id-lists.js";
import type { OpenOutcome } from "./open-link.js";
import type { SaveOutcome } from "./save-file.js";
import { safeLine } from "./text.js";
import type { Menu, PickerResult, MenuToggles, CodeBlock, CodeSource, FitMark } from "./types.js";

export type RowId = "source" | "language" | "client" | "provider" | "stream" | "requests" | "app" | "quant";

export type Tone = "info" | "success" | "warning" | "error";
export interface StatusMessage {
  text: string;
  tone: Tone;
}

export type Mode =
  | { kind: "browse" }
  /** Asking for a file name; `selected`: the name is the default, shown selected, and the first key typed replaces it. */
  | { kind: "naming"; name: string; selected?: boolean }
  /** A write is under way; only Ctrl+C counts. */
  | { kind: "saving"; name: string }
  /** The file exists: overwrite it? */
  | { kind: "confirming"; name: string; path: string };

export type Command =
  | { id: number; kind: "copy"; entry: CodeBlock }
  | { id: number; kind: "open"; url: string; label: string }
  | { id: number; kind: "save"; name: string; content: string; overwrite: boolean }
  | { id: number; kind: "exit"; result: PickerResult };

/** A command before it is numbered (distributes over the union). */
type NewCommand = Command extends infer C ? (C extends Command ? Omit<C, "id"> : never) : never;

export interface Scroll {
  offset: number;
  /** Preview lines on screen and lines in the preview, as last measured by the screen. */
  viewHeight: number;
  lineCount: number;
}

export interface PickerState {
  toggles: MenuToggles;
  /** With --fits: which quants fit, for their marks. */
  quantFit?: Menu["quantFit"];
  canStream: boolean;
  entries: CodeBlock[];
  combos: Combo[];
  prefs: Preferences;
  /** Undefined only when the model has no snippet at all. */
  selection: Selection | undefined;
  /**
   * The row the arrows act on. The preview is never focused: it scrolls with
   * its own keys from any row, so the `›` marker only ever marks a choice.
   */
  focus: RowId;
  scroll: Scroll;
  mode: Mode;
  message?: StatusMessage;
  copying: boolean;
  /** Quit was asked for while a copy was under way. */
  quitting: boolean;
  result: PickerResult;
  outbox: Command[];
  nextId: number;
  /** The exit command is queued: keys no longer count. */
  done: boolean;
}

export type Action =
  | { type: "key"; key: KeyPress }
  | { type: "measured"; viewHeight: number; lineCount: number }
  | { type: "copyFinished"; entry: CodeBlock; outcome: CopyOutcome }
  | { type: "saveFinished"; outcome: SaveOutcome }
  | { type: "openFinished"; label: string; outcome: OpenOutcome }
  | { type: "commandsTaken"; upTo: number };

export type SnippetLoader = Menu["loadBlocks"];

/** The rows that change something for the shown source: streaming and direct requests are for inference calls only. */
export function rowsOf(state: Pick<PickerState, "canStream" | "selection">): RowId[] {
  const selection = state.selection;
  const sourceRow: RowId[] = selection && selection.sources.length > 1 ? ["source"] : [];
  switch (selection?.source) {
    case "local":
      return [...sourceRow, "app", ...(selection.providers.some((quant) => quant !== "") ? (["quant"] as const) : [])];
    case "library":
      return [...sourceRow, "language", "client"];
    default:
      return [...sourceRow, "language", "client", "provider", ...(state.canStream ? (["stream"] as const) : []), "requests"];
  }
}

/** Loads the snippets for `toggles`, with what kept some out as one status line. */
function loadEntries(loader: SnippetLoader, toggles: MenuToggles): { entries: CodeBlock[]; problem?: StatusMessage } {
  const problems = new Set<string>();
  const entries = loader(toggles, (problem) => problems.add(typeof problem === "string" ? problem : problemText(problem, CLI_NAMES).message));
  const [first] = problems;
  if (first === undefined) return { entries };
  return { entries, problem: { text: problems.size > 1 ? `${first} (and ${problems.size - 1} more)` : first, tone: "warning" } };
}

/** The command line's choices as preferences: the picker opens on them where they are on offer. */
function initialPreferences(input: Menu): Preferences {
  const presets = input.presets;
  const prefs: Preferences = {};
  if (input.initialProvider !== undefined) prefs.provider = input.initialProvider;
  switch (presets.source) {
    case undefined:
      if (input.initialSource !== undefined) prefs.source = input.initialSource;
      break;
    case "inference": {
      prefs.source = "inference";
      // A client of one language names it: `--client fetch` opens on JavaScript.
      const languages = presets.client === undefined ? [] : languagesOfClient(presets.client);
      const language = presets.language ?? (languages.length === 1 ? languages[0] : undefined);
      if (language !== undefined) prefs.language = language;
      if (presets.client !== undefined) prefs.clientKey = clientKeyOf("inference", presets.client, 1);
      break;
    }
    case "library":
      prefs.source = "library";
      if (presets.language !== undefined) prefs.language = presets.language;
      break;
    case "local":
      prefs.source = "local";
      prefs.app = clientKeyOf("local", presets.app, 1);
      if (presets.quant !== undefined) prefs.quant = presets.quant;
      break;
  }
  return prefs;
}

export function initialState(input: Menu): PickerState {
  const toggles: MenuToggles = input.initialToggles;
  const { entries, problem } = loadEntries(input.loadBlocks, toggles);
  const combos = buildCombos(entries);
  const prefs = initialPreferences(input);
  const selection = resolveSelection(combos, prefs);
  return {
    toggles,
    ...(input.quantFit ? { quantFit: input.quantFit } : {}),
    canStream: input.canStream,
    entries,
    combos,
    prefs,
    selection,
    // The source is one key up: the cursor starts on the first choice within it.
    focus: rowsOf({ canStream: input.canStream, selection }).find((row) => row !== "source")!,
    scroll: { offset: 0, viewHeight: 0, lineCount: 0 },
    mode: { kind: "browse" },
    copying: false,
    quitting: false,
    result: {},
    outbox: [],
    nextId: 1,
    done: false,
    ...(problem && { message: problem }),
  };
}

export function shownEntry(state: PickerState): CodeBlock | undefined {
  return state.selection ? state.entries[state.selection.index] : undefined;
}

/** The options of a row, as values and labels, with the chosen one's position. */
export function rowOptions(state: PickerState, row: RowId): { values: string[]; labels: string[]; chosen: number } {
  const selection = state.selection;
  const list = (values: string[], current: string, label: (value: string) => string) => ({
    values,
    labels: values.map(label),
    chosen: Math.max(0, values.indexOf(current)),
  });
  switch (row) {
    case "source":
      return selection ? list(selection.sources, selection.source, sourceLabel) : list([], "", String);
    case "app":
      return selection ? list(selection.clients, selection.clientKey, (key) => clientLabel(state, key)) : list([], "", String);
    case "quant":
      return selection
        ? list(selection.providers, selection.provider, (quant) => quantLabel(localEntry(state, selection.clientKey, quant), quant, state.quantFit))
        : list([], "", String);
    case "language":
      return selection ? list(selection.languages, selection.language, languageLabel) : list([], "", String);
    case "client":
      return selection ? list(selection.clients, selection.clientKey, (key) => clientLabel(state, key)) : list([], "", String);
    case "provider":
      return selection ? list(selection.providers, selection.provider, providerLabel) : list([], "", String);
    case "stream":
      return list(["off", "on"], state.toggles.stream ? "on" : "off", String);
    case "requests":
      return list(["routed", "direct"], state.toggles.direct ? "direct" : "routed", (value) =>
        value === "routed" ? "routed via Hugging Face" : "direct to provider",
      );
  }
}

const SOURCE_LABELS: Record<CodeSource, string> = { inference: "Inference API", library: "Library", local: "Run locally" };

function sourceLabel(source: string): string {
  return SOURCE_LABELS[source as CodeSource] ?? safeLine(source);
}

/** A client (library, app) choice as the picker shows it: a library's first python block is not its first shell block. */
function clientLabel(state: PickerState, clientKey: string): string {
  const language = state.selection?.language;
  return state.combos.find((combo) => combo.clientKey === clientKey && combo.language === language)?.clientLabel ?? "";
}

/** The local run for an app (and a quant), for its labels. */
function localEntry(state: PickerState, clientKey: string, quant?: string): CodeBlock | undefined {
  const combo = state.combos.find(
    (candidate) => candidate.source === "local" && candidate.clientKey === clientKey && (quant === undefined || candidate.provider === quant),
  );
  return combo ? state.entries[combo.index] : undefined;
}

/** Said after a quant that fits the --fits budget: words, so the mark reads without colour. */
const FIT_MARKS: Record<NonNullable<FitMark>, string> = { fits: " ✓ fits", offloaded: " ✓ offloaded" };

/** "Q4_K_M 2.02 GB", "Q8_0 2 files 8.54 GB", "Q4_K_M 2.02 GB ✓ fits": the split count and size, where known, and with --fits whether it fits. */
function quantLabel(entry: CodeBlock | undefined, quant: string, quantFit: PickerState["quantFit"]): string {
  const details = entry?.source === "local" ? entry.quant : null;
  if (!details) return safeLine(quant);
  const split = details.shards > 1 ? ` ${details.shards} files` : "";
  const size = details.size === null ? "" : ` ${formatBytes(details.size)}`;
  const mark = entry?.source === "local" && quantFit ? quantFit(entry) : undefined;
  return `${safeLine(quant)}${split}${size}${mark ? FIT_MARKS[mark] : ""}`;
}

function push(state: PickerState, command: NewCommand): PickerState {
  return { ...state, outbox: [...state.outbox, { ...command, id: state.nextId } as Command], nextId: state.nextId + 1 };
}

function exit(state: PickerState, interrupted: boolean): PickerState {
  const result: PickerResult = interrupted ? { ...state.result, interrupted: true } : state.result;
  return { ...push(state, { kind: "exit", result }), done: true };
}

function quit(state: PickerState): PickerState {
  if (state.copying) return { ...state, quitting: true, message: { text: "Finishing the copy…", tone: "info" } };
  return exit(state, false);
}

function maxOffset(scroll: Scroll): number {
  return Math.max(0, scroll.lineCount - scroll.viewHeight);
}

function scrollTo(state: PickerState, offset: number): PickerState {
  const clamped = Math.min(Math.max(0, offset), maxOffset(state.scroll));
  return clamped === state.scroll.offset ? state : { ...state, scroll: { ...state.scroll, offset: clamped } };
}

function page(state: PickerState): number {
  return Math.max(1, state.scroll.viewHeight - 1);
}

function moveFocus(state: PickerState, delta: 1 | -1, wrap: boolean): PickerState {
  const order = rowsOf(state);
  const at = order.indexOf(state.focus);
  let next = at + delta;
  if (next < 0 || next >= order.length) {
    if (!wrap) return state;
    next = (next + order.length) % order.length;
  }
  return { ...state, focus: order[next]! };
}

function select(state: PickerState, prefs: Preferences): PickerState {
  const selection = resolveSelection(state.combos, prefs);
  const sameSnippet = selection?.index === state.selection?.index;
  return { ...state, prefs, selection, scroll: sameSnippet ? state.scroll : { ...state.scroll, offset: 0 } };
}

function describeToggles(toggles: MenuToggles): string {
  return `${toggles.stream ? "streaming" : "no streaming"}, ${toggles.direct ? "direct" : "routed"} requests`;
}

function applyToggles(state: PickerState, toggles: MenuToggles, loader: SnippetLoader): PickerState {
  let entries: CodeBlock[];
  let problem: StatusMessage | undefined;
  try {
    ({ entries, problem } = loadEntries(loader, toggles));
  } catch (error) {
    return { ...state, message: { text: `Could not build the snippets: ${errorWords(error, CLI_NAMES)}`, tone: "error" } };
  }
  // A toggle that would leave nothing to show is refused: no dead ends.
  if (entries.length === 0) return { ...state, message: { text: `No snippet for ${describeToggles(toggles)}`, tone: "warning" } };
  // Nor one that would take away the source on screen (the Inference API, with the rows it has), saying why.
  const source = state.selection?.source;
  if (source !== undefined && !entries.some((entry) => entry.source === source)) {
    const why = problem === undefined ? "" : `: ${problem.text}`;
    return { ...state, message: { text: `No ${SOURCE_LABELS[source]} snippet for ${describeToggles(toggles)}${why}`, tone: "warning" } };
  }
  const combos = buildCombos(entries);
  const selection = resolveSelection(combos, state.prefs);
  return { ...state, toggles, entries, combos, selection, scroll: { ...state.scroll, offset: 0 }, ...(problem && { message: problem }) };
}

function choose(state: PickerState, row: RowId, delta: 1 | -1, load: SnippetLoader): PickerState {
  const { values, chosen } = rowOptions(state, row);
  const value = values[chosen + delta];
  if (value === undefined) return state;
  switch (row) {
    case "source":
      return keepFocus(select(state, { ...state.prefs, source: value as CodeSource }));
    case "app":
      return keepFocus(select(state, { ...state.prefs, app: value }));
    case "quant":
      return select(state, { ...state.prefs, quant: value });
    case "language":
      return select(state, { ...state.prefs, language: value });
    case "client":
      return withClient(state, value);
    case "provider":
      return withProvider(state, value);
    case "stream":
      return applyToggles(state, { ...state.toggles, stream: value === "on" }, load);
    case "requests":
      return applyToggles(state, { ...state.toggles, direct: value === "direct" }, load);
  }
}

/**
 * A provider of the row that the shown client does not call is shown with the first client that calls it,
 * saying so: the row stays as the user saw it, and the client changes in sight instead.
 */
function withProvider(state: PickerState, provider: string): PickerState {
  const selection = state.selection!;
  if (selection.served.includes(provider)) return select(state, { ...state.prefs, provider });
  const client = selection.clients.find((key) =>
    state.combos.some(
      (combo) => combo.source === selection.source && combo.language === selection.language && combo.clientKey === key && combo.provider === provider,
    ),
  );
  if (client === undefined) return state;
  const next = select(state, { ...state.prefs, provider, clientKey: client });
  const shown = providerLabel(provider);
  return { ...next, message: { text: `Client ${clientLabel(next, client)}: ${clientLabel(state, selection.clientKey)} has no ${shown}`, tone: "info" } };
}

/** A client that does not call the provider shown falls back to one it calls, saying so. */
function withClient(state: PickerState, clientKey: string): PickerState {
  const before = state.selection?.provider;
  const next = select(state, { ...state.prefs, clientKey });
  const after = next.selection?.provider;
  // A provider that changes back to the one chosen before, which this client has, needs no word.
  if (next.selection?.source !== "inference" || before === undefined || after === undefined || next.selection.served.includes(before)) return next;
  return {
    ...next,
    message: { text: `Provider ${providerLabel(after)}: ${clientLabel(next, clientKey)} has no ${providerLabel(before)}`, tone: "info" },
  };
}

/** A row that went away with the choice (an app without quants) hands the focus to the first row. */
function keepFocus(state: PickerState): PickerState {
  return rowsOf(state).includes(state.focus) ? state : { ...state, focus: rowsOf(state)[0]! };
}

function startOpen(state: PickerState): PickerState {
  const entry = shownEntry(state);
  if (entry?.source !== "local" || entry.link === undefined)
    return { ...state, message: { text: "Nothing to open: o opens an app's deep link", tone: "warning" } };
  return { ...push(state, { kind: "open", url: entry.link, label: entry.appLabel }), message: { text: "Opening…", tone: "info" } };
}

function startCopy(state: PickerState): PickerState {
  const entry = shownEntry(state);
  if (!entry) return { ...state, message: { text: "Nothing to copy", tone: "warning" } };
  if (state.copying) return state;
  return { ...push(state, { kind: "copy", entry }), copying: true, message: { text: "Copying…", tone: "info" } };
}

function startNaming(state: PickerState): PickerState {
  const entry = shownEntry(state);
  if (!entry) return { ...state, message: { text: "Nothing to save", tone: "warning" } };
  return { ...state, mode: { kind: "naming", name: defaultFileName(blockLanguage(entry)), selected: true }, message: undefined };
}

/** Letters that act while browsing; j and k scroll the preview a line, as in less. */
const LETTER_KEYS: Record<string, "lineDown" | "lineUp" | "quit" | "copy" | "save" | "open"> = {
  j: "lineDown",
  k: "lineUp",
  q: "quit",
  c: "copy",
  s: "save",
  o: "open",
};

function browseKey(before: PickerState, key: KeyPress, load: SnippetLoader): PickerState {
  // A message stays until the next key.
  const state: PickerState = before.message ? { ...before, message: undefined } : before;
  const row = state.focus;
  const name = key.name === "char" ? LETTER_KEYS[key.char] : key.name;
  switch (name) {
    case "interrupt":
      return exit(state, true);
    case "escape":
    case "quit":
      return quit(state);
    case "copy":
      return startCopy(state);
    case "save":
      return startNaming(state);
    case "open":
      return startOpen(state);
    case "tab":
      return moveFocus(state, 1, true);
    case "backtab":
      return moveFocus(state, -1, true);
    // Down on the last row stays there (tab wraps): the rows are a list with ends, not a ring.
    case "down":
    case "enter":
      return moveFocus(state, 1, false);
    case "up":
      return moveFocus(state, -1, false);
    case "left":
      return choose(state, row, -1, load);
    case "right":
      return choose(state, row, 1, load);
    case "lineDown":
      return scrollTo(state, state.scroll.offset + 1);
    case "lineUp":
      return scrollTo(state, state.scroll.offset - 1);
    case "pageUp":
      return scrollTo(state, state.scroll.offset - page(state));
    case "pageDown":
      return scrollTo(state, state.scroll.offset + page(state));
    case "home":
      return scrollTo(state, 0);
    case "end":
      return scrollTo(state, maxOffset(state.scroll));
    default:
      return state;
  }
}

function namingKey(state: PickerState, name: string, selected: boolean, key: KeyPress): PickerState {
  switch (key.name) {
    case "interrupt":
      return exit(state, true);
    case "escape":
      return { ...state, mode: { kind: "browse" }, message: { text: "Not saved", tone: "info" } };
    case "clearLine":
      return { ...state, mode: { kind: "naming", name: "" } };
    case "backspace":
      return { ...state, mode: { kind: "naming", name: selected ? "" : [...name].slice(0, -1).join("") } };
    // The arrows and End keep the selected default, to be edited from its end.
    case "left":
    case "right":
    case "end":
      return { ...state, mode: { kind: "naming", name } };
    case "char":
      return { ...state, mode: { kind: "naming", name: (selected ? "" : name) + key.char }, message: undefined };
    case "enter": {
      const trimmed = name.trim();
      const entry = shownEntry(state);
      if (trimmed === "" || !entry) return { ...state, message: { text: "Type a file name, or press Esc to cancel", tone: "warning" } };
      return {
        ...push(state, { kind: "save", name: trimmed, content: entry.content, overwrite: false }),
        mode: { kind: "saving", name: trimmed },
        message: undefined,
      };
    }
    default:
      return state;
  }
}

function confirmingKey(state: PickerState, mode: Extract<Mode, { kind: "confirming" }>, key: KeyPress): PickerState {
  if (key.name === "interrupt") return exit(state, true);
  const answer = key.name === "char" ? key.char.toLowerCase() : key.name;
  if (answer === "y") {
    const entry = shownEntry(state);
    if (!entry) return state;
    return { ...push(state, { kind: "save", name: mode.name, content: entry.content, overwrite: true }), mode: { kind: "saving", name: mode.name } };
  }
  if (answer === "n" || answer === "escape") {
    return { ...state, mode: { kind: "naming", name: mode.name }, message: { text: "Not overwritten: choose another name", tone: "info" } };
  }
  return state;
}

function onKey(state: PickerState, key: KeyPress, load: SnippetLoader): PickerState {
  if (state.done) return state;
  const mode = state.mode;
  switch (mode.kind) {
    case "browse":
      return browseKey(state, key, load);
    case "naming":
      return namingKey(state, mode.name, mode.selected === true, key);
    case "confirming":
      return confirmingKey(state, mode, key);
    case "saving":
      return key.name === "interrupt" ? exit(state, true) : state;
  }
}

function copyMessage(entry: CodeBlock, outcome: CopyOutcome): StatusMessage {
  const provider = entry.source === "inference" ? ` / ${providerLabel(entry.provider)}` : "";
  const what = `${languageLabel(blockLanguage(entry))} / ${safeLine(blockTool(entry))}${provider}`;
  if (!outcome.ok) return { text: `Copy failed: ${outcome.reason}`, tone: "error" };
  if (outcome.method === "clipboard") return { text: `Copied ${what} to the clipboard`, tone: "success" };
  // Whether the terminal (or tmux between) took it cannot be known: say what was done, not that it was copied.
  return { text: `Asked the terminal to copy it (OSC 52); no system clipboard: ${outcome.clipboardError}`, tone: "warning" };
}

function openMessage(label: string, outcome: OpenOutcome): StatusMessage {
  if (outcome.ok) return { text: `Asked the system to open ${safeLine(label)} (${outcome.opener})`, tone: "success" };
  return { text: outcome.reason, tone: "warning" };
}

function copyFinished(state: PickerState, entry: CodeBlock, outcome: CopyOutcome): PickerState {
  const result: PickerResult = outcome.ok ? { ...state.result, copied: entry, copyMethod: outcome.method } : state.result;
  const next: PickerState = { ...state, copying: false, result, message: copyMessage(entry, outcome) };
  return state.quitting && !state.done ? exit(next, false) : next;
}

function saveFinished(state: PickerState, outcome: SaveOutcome): PickerState {
  if (state.mode.kind !== "saving") return state;
  const name = state.mode.name;
  switch (outcome.kind) {
    case "saved":
      return {
        ...state,
        mode: { kind: "browse" },
        result: { ...state.result, savedTo: outcome.path },
        message: { text: `Saved to ${outcome.path}`, tone: "success" },
      };
    case "exists":
      return { ...state, mode: { kind: "confirming", name, path: outcome.path } };
    case "failed":
      return { ...state, mode: { kind: "naming", name }, message: { text: `Could not save: ${outcome.message}`, tone: "error" } };
  }
}

/** The reducer, given how to build the snippets again when a toggle changes. */
export function createReducer(load: SnippetLoader): (state: PickerState, action: Action) => PickerState {
  return (state, action) => {
    switch (action.type) {
      case "key":
        return onKey(state, action.key, load);
      case "measured": {
        const { viewHeight, lineCount } = action;
        if (viewHeight === state.scroll.viewHeight && lineCount === state.scroll.lineCount) return state;
        const scroll = { ...state.scroll, viewHeight, lineCount };
        return { ...state, scroll: { ...scroll, offset: Math.min(scroll.offset, maxOffset(scroll)) } };
      }
      case "copyFinished":
        return copyFinished(state, action.entry, action.outcome);
      case "saveFinished":
        return saveFinished(state, action.outcome);
      case "openFinished":
        return { ...state, message: openMessage(action.label, action.outcome) };
      case "commandsTaken":
        return { ...state, outbox: state.outbox.filter((command) => command.id > action.upTo) };
    }
  };
}
