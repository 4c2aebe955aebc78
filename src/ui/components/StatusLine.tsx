import { Box, Text } from "ink";
import type { FocusId, Mode, StatusMessage } from "../state.js";
import { fitHints, type KeyHint } from "../layout.js";
import { MESSAGE_COLORS } from "../theme.js";
import { safeLine, truncate } from "../text.js";
import { SavePrompt } from "./SavePrompt.js";

export interface StatusLineProps {
  /** Browsing shows the keys; the save dialogue takes their place. */
  mode: Mode;
  /** The outcome of the last action (copy, save, a refused toggle). */
  message?: StatusMessage;
  /** Which keys apply depends on it. */
  focus: FocusId;
  /** The shown snippet is a deep link that `o` opens. */
  canOpen?: boolean;
  /** One line: a prompt, else the message, else the keys. */
  compact: boolean;
  /** Columns available; nothing drawn is wider. */
  width: number;
}

const ROW_KEYS: KeyHint[] = [
  { text: "←/→ choose", priority: 4 },
  { text: "↑/↓ tab move", priority: 3 },
  { text: "enter next", priority: 1 },
  { text: "c copy", priority: 6 },
  { text: "s save", priority: 2 },
];
const PREVIEW_KEYS: KeyHint[] = [
  { text: "↑/↓ j/k scroll", priority: 4 },
  { text: "PgUp/PgDn page", priority: 1 },
  { text: "tab move", priority: 3 },
  { text: "c copy", priority: 6 },
  { text: "s save", priority: 2 },
];
const OPEN_KEY: KeyHint = { text: "o open", priority: 5 };
const QUIT_KEY: KeyHint = { text: "q quit", priority: 7 };

/** The keys that apply, as many as fit; `q quit` always does. */
export function keyHints(focus: FocusId, canOpen: boolean, width: number): string {
  const hints = [...(focus === "preview" ? PREVIEW_KEYS : ROW_KEYS), ...(canOpen ? [OPEN_KEY] : []), QUIT_KEY];
  return truncate(fitHints(hints, width), width);
}

/** The bottom of the screen: what just happened, and the keys, or the save prompt. */
export function StatusLine({ mode, message, focus, canOpen = false, compact, width }: StatusLineProps) {
  const keys = <Text dimColor>{keyHints(focus, canOpen, width)}</Text>;
  const said = message ? (
    <Text wrap="truncate-end" color={MESSAGE_COLORS[message.tone]}>
      {truncate(safeLine(message.text), width)}
    </Text>
  ) : (
    <Text> </Text>
  );
  const bottom = mode.kind === "browse" ? keys : <SavePrompt mode={mode} width={width} />;
  if (compact) return mode.kind === "browse" && message ? said : bottom;
  return (
    <Box flexDirection="column">
      {said}
      {bottom}
    </Box>
  );
}
