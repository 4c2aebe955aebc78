import { Box, Text, useInput, type Key } from "ink";
import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { useCommandRunner, type PickerServices } from "../hooks/use-command-runner.js";
import { useTerminalSize } from "../hooks/use-terminal-size.js";
import { keyPresses, type KeyName } from "../keys.js";
import { blockLanguage, type CodeBlock } from "../../blocks/code-block.js";
import { blockProvider, blockTitle } from "../labels.js";
import { screenLayout } from "../layout.js";
import { previewLines, type DisplayLine } from "../preview-lines.js";
import { createReducer, initialState, rowOptions, rowsOf, shownEntry, type RowId } from "../state.js";
import type { Menu } from "../types.js";
import { Header } from "./Header.js";
import { OptionRow } from "./OptionRow.js";
import { Preview } from "./Preview.js";
import { StatusLine } from "./StatusLine.js";

export interface AppProps {
  /** The model and how to build its snippets. */
  input: Menu;
  /** Clipboard, where files go, and what to do on exit. */
  services: PickerServices;
}

const ROW_TITLES: Record<RowId, string> = {
  source: "Source",
  app: "App",
  quant: "Quant",
  language: "Language",
  client: "Client",
  provider: "Provider",
  stream: "Stream",
  requests: "Requests",
};

/** The whole picker screen, sized to the terminal. */
export function App({ input, services }: AppProps) {
  const reducer = useMemo(() => createReducer(input.loadBlocks), [input]);
  const { columns, rows } = useTerminalSize();
  // The preview's lines of each entry shown (or highlighted ahead, below) at this width. The first state is
  // made measured with the lines the first frame shows, so that no second render (a whole frame's work)
  // follows the first one at start.
  const shown = useRef<{ columns: number; lines: Map<CodeBlock, DisplayLine[]> }>(undefined);
  const linesOf = (entry: CodeBlock | undefined): DisplayLine[] => {
    if (!entry) return [];
    if (shown.current?.columns !== columns) shown.current = { columns, lines: new Map() };
    let lines = shown.current.lines.get(entry);
    if (!lines) {
      lines = previewLines(entry.content, blockLanguage(entry), columns);
      shown.current.lines.set(entry, lines);
    }
    return lines;
  };
  const [state, dispatch] = useReducer(reducer, input, (menu) => {
    const first = initialState(menu);
    const viewHeight = screenLayout(rows, rowsOf(first).length).previewHeight;
    return reducer(first, { type: "measured", viewHeight, lineCount: linesOf(shownEntry(first)).length });
  });

  const onInput = useCallback((text: string, key: Key) => {
    for (const press of keyPresses(text, key)) dispatch({ type: "key", key: press });
  }, []);
  useInput(onInput);
  useCommandRunner(state.outbox, dispatch, services);

  const rowIds = rowsOf(state);
  const layout = screenLayout(rows, rowIds.length);
  const entry = shownEntry(state);
  const lines = linesOf(entry);
  const { viewHeight, lineCount } = state.scroll;
  useEffect(() => {
    // useReducer renders again on every dispatch, even one that changes nothing.
    if (layout.previewHeight !== viewHeight || lines.length !== lineCount) {
      dispatch({ type: "measured", viewHeight: layout.previewHeight, lineCount: lines.length });
    }
  }, [layout.previewHeight, lines.length, viewHeight, lineCount]);
  // While no key waits, the snippets one Right and one Left away are highlighted ahead, one per turn of the
  // event loop: the first highlight in a language compiles its grammar (~10 ms), which the key that
  // shows it would otherwise wait for.
  useEffect(() => {
    if (state.mode.kind !== "browse") return;
    let pending: NodeJS.Immediate | undefined;
    const ahead = (keys: KeyName[]) => {
      const [key, ...rest] = keys;
      if (key === undefined) return;
      pending = setImmediate(() => {
        linesOf(shownEntry(reducer(state, { type: "key", key: { name: key } })));
        ahead(rest);
      });
    };
    ahead(["right", "left"]);
    return () => clearImmediate(pending);
  });
  // The state's offset may predate a resize; never scroll past the end.
  const offset = Math.min(state.scroll.offset, Math.max(0, lines.length - layout.previewHeight));
  const provider = entry ? blockProvider(entry) : "—";
  const title = entry ? blockTitle(entry) : "No snippet for this model";

  return (
    <Box flexDirection="column" width={columns}>
      <Header
        model={input.model}
        notice={input.notice}
        provider={provider}
        {...(entry?.source === "local" && { app: entry.appLabel })}
        compact={layout.compact}
        width={columns}
      />
      {layout.compact ? null : <Text dimColor>{"─".repeat(columns)}</Text>}
      {rowIds.map((id) => {
        const { labels, chosen } = rowOptions(state, id);
        return <OptionRow key={id} title={ROW_TITLES[id]} options={labels} chosen={chosen} focused={state.focus === id} width={columns} />;
      })}
      <Preview title={title} lines={lines} offset={offset} height={layout.previewHeight} width={columns} />
      <StatusLine
        mode={state.mode}
        message={state.message}
        canOpen={entry?.source === "local" && entry.link !== undefined}
        compact={layout.compact}
        width={columns}
      />
    </Box>
  );
}
