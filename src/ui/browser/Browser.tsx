import { CLI_NAMES } from "../../words/cli-names.js";
import { errorWords } from "../../words/problems.js";
import { Box, Text, useInput, type Key } from "ink";
import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { useTerminalSize } from "../hooks/use-terminal-size.js";
import { keyPresses } from "../keys.js";
import { fitHints, type KeyHint } from "../layout.js";
import { ACCENT, MESSAGE_COLORS } from "../theme.js";
import { safeLine, truncate } from "../text.js";
import { screenRow, TABLE_HEADER } from "../../search/render.js";
import { SearchScheduler } from "./scheduler.js";
import { columnWidths, FITS_HEADER, fitsColumnWidths, tableLine } from "./table.js";
import { browserReducer, fitsOf, initialBrowserState, memoryOf, rowLabels, searchRequestOf, typedMisses } from "./state.js";
import { formatBytes } from "../../util/bytes.js";
import { shortCount } from "../../search/hits.js";
import { FILTER_ROWS, type BrowserExit, type BrowserMemory, type BrowserServices, type FilterRow, type SearchReply } from "./types.js";

export interface BrowserProps {
  /** Search, open, the filter values, where results come from. */
  services: BrowserServices;
  /** The list as it was before the picker opened; absent on the first visit. */
  memory?: BrowserMemory;
  /** Called once, when the browser ends or a model is opened. */
  onExit: (exit: BrowserExit) => void;
  /** Typing pauses this long before a search goes out. */
  debounceMs?: number;
}

/** Results asked per search: a screenful or two; `hubref models --limit` gives more. */
const BROWSER_LIMIT = 50;

/** Frames a second the browser draws at most. */
export const BROWSER_MAX_FPS = 60;

const ROW_TITLES: Record<FilterRow, string> = { task: "Task", provider: "Provider", sort: "Sort", fits: "Fits" };

/** Lines around the list: header, search, the filters, two rules, the table head, status and keys. */
const CHROME_LINES = 7 + FILTER_ROWS.length;

/** Results judged per search with the fits row on: each may cost a header read. */
const FITS_LIMIT = 20;

const LIST_KEYS: KeyHint[] = [
  { text: "↑/↓ move", priority: 4 },
  { text: "enter code", priority: 6 },
  { text: "/ search", priority: 5 },
  { text: "tab filters", priority: 3 },
];
const FIELD_KEYS: KeyHint[] = [
  { text: "type to search", priority: 4 },
  { text: "esc list", priority: 6 },
  { text: "tab filters", priority: 3 },
];
const ROW_KEYS: KeyHint[] = [
  { text: "←/→ choose", priority: 6 },
  { text: "type to pick", priority: 5 },
  { text: "↑/↓ tab move", priority: 4 },
  { text: "esc list", priority: 3 },
];
const QUIT_KEY: KeyHint = { text: "q quit", priority: 7 };

/** The models browser: a search field, filter rows and the results; Enter hands a model to the snippet picker. */
export function Browser({ services, memory, onExit, debounceMs = 250 }: BrowserProps) {
  const [state, dispatch] = useReducer(browserReducer, undefined, () => initialBrowserState(services.choices, memory, services.preset, services.aliases));
  const { columns, rows } = useTerminalSize();
  const listHeight = Math.max(3, rows - CHROME_LINES);

  const scheduler = useMemo(
    () =>
      new SearchScheduler<ReturnType<typeof searchRequestOf>, SearchReply>(
        (request) => services.search(request),
        (delivery) => {
          if (delivery.ok)
            dispatch({
              type: "results",
              seq: delivery.seq,
              hits: delivery.value.hits,
              ...(delivery.value.offline ? { offline: delivery.value.offline } : {}),
              ...(delivery.value.budget ? { budget: delivery.value.budget } : {}),
            });
          else dispatch({ type: "failed", seq: delivery.seq, message: errorWords(delivery.error, CLI_NAMES) });
        },
        debounceMs,
      ),
    [services, debounceMs],
  );
  useEffect(() => () => scheduler.dispose(), [scheduler]);

  // Carry out what the reducer asked for.
  const outbox = state.outbox;
  const latest = useRef(state);
  latest.current = state;
  useEffect(() => {
    if (!outbox) return;
    dispatch({ type: "sent" });
    if (outbox.kind === "search") {
      const limit = fitsOf(latest.current) === undefined ? BROWSER_LIMIT : FITS_LIMIT;
      dispatch({ type: "asked", seq: scheduler.schedule(searchRequestOf(latest.current, limit), outbox.now) });
      return;
    }
    services.open(outbox.hit, fitsOf(latest.current)).then(
      (input) => onExit({ kind: "open", input, memory: memoryOf(latest.current) }),
      (error: unknown) => dispatch({ type: "open-failed", message: errorWords(error, CLI_NAMES) }),
    );
  }, [outbox, scheduler, services, onExit]);

  useEffect(() => {
    if (state.done) onExit({ kind: "quit", interrupted: state.done.interrupted, memory: memoryOf(state) });
  }, [state, onExit]);
  useEffect(() => {
    dispatch({ type: "measured", listHeight });
  }, [listHeight]);

  const onInput = useCallback((text: string, key: Key) => {
    for (const press of keyPresses(text, key)) dispatch({ type: "key", key: press });
  }, []);
  useInput(onInput);

  // Offline, counts and dates are unknown rather than zero.
  const fitted = state.hits.some((hit) => hit.fit !== undefined);
  const tableRows = useMemo(() => {
    const now = Date.now();
    if (fitted)
      return state.hits.map((hit) => [
        safeLine(hit.id),
        safeLine(hit.fit?.quant ?? "-"),
        hit.fit ? formatBytes(hit.fit.size) : "-",
        safeLine(hit.fit?.runs ?? "-"),
        hit.fit?.speed ?? "",
        state.offline ? "-" : shortCount(hit.downloads),
      ]);
    return state.hits.map((hit) => (state.offline ? screenRow(hit, now).map((cell, index) => (index >= 2 && index !== 4 ? "-" : cell)) : screenRow(hit, now)));
  }, [state.hits, state.offline, fitted]);
  const widths = fitted ? fitsColumnWidths(tableRows, columns) : columnWidths(tableRows, columns);
  const first = Math.max(0, Math.min(state.selected - Math.floor(listHeight / 2), tableRows.length - listHeight));
  const visible = tableRows.slice(first, first + listHeight);
  const source = state.offline ?? services.source;

  const hints = state.focus === "search" ? FIELD_KEYS : state.focus === "list" ? [...LIST_KEYS, QUIT_KEY] : [...ROW_KEYS, QUIT_KEY];
  const status = state.message
    ? { text: state.message.text, color: MESSAGE_COLORS[state.message.tone] }
    : {
        text: state.loading
          ? "Searching…"
          : `${state.hits.length} model${state.hits.length === 1 ? "" : "s"}${state.budget ? ` that fit${state.hits.length === 1 ? "s" : ""} ${state.budget}; speeds are estimates` : ""}`,
        color: undefined,
      };

  return (
    <Box flexDirection="column" width={columns}>
      <Text bold>{truncate(`hubref models · ${safeLine(source)}`, columns)}</Text>
      <Text>
        <Text color={state.focus === "search" ? ACCENT : undefined}>{state.focus === "search" ? "› " : "  "}Search </Text>
        <Text inverse={state.focus === "search"}>{truncate(safeLine(state.query) || " ", Math.max(1, columns - 12))}</Text>
      </Text>
      {FILTER_ROWS.map((row) => {
        const labels = rowLabels(state, row);
        const focused = state.focus === row;
        // What was typed to pick a value, after it: the start it matched, or that nothing starts so.
        const typed =
          focused && state.typed !== ""
            ? `  typed: ${safeLine(state.typed)}${typedMisses(state, row) ? ` (no ${ROW_TITLES[row].toLowerCase()} starts so)` : ""}`
            : "";
        return (
          <Text key={row} color={focused ? ACCENT : undefined}>
            {truncate(`${focused ? "› " : "  "}${ROW_TITLES[row].padEnd(9)}‹ ${safeLine(labels[state.filters[row]] ?? "")} ›${typed}`, columns)}
          </Text>
        );
      })}
      <Text dimColor>{"─".repeat(columns)}</Text>
      <Text dimColor>{truncate(`  ${tableLine(fitted ? FITS_HEADER : TABLE_HEADER, widths)}`, columns)}</Text>
      <Box flexDirection="column" height={listHeight}>
        {visible.map((cells, index) => {
          const selected = first + index === state.selected;
          const mark = selected && state.focus === "list" ? "› " : "  ";
          return (
            <Text key={state.hits[first + index]!.id} inverse={selected && state.focus === "list"}>
              {truncate(`${mark}${tableLine(cells, widths)}`, columns)}
            </Text>
          );
        })}
      </Box>
      <Text dimColor>{"─".repeat(columns)}</Text>
      <Text color={status.color}>{truncate(safeLine(status.text), columns)}</Text>
      <Text dimColor>{truncate(fitHints(hints, columns), columns)}</Text>
    </Box>
  );
}
