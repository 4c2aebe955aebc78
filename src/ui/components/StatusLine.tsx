import { Box, Text } from "ink";
import type { Mode, StatusMessage } from "../state.js";
import { fitHints, type KeyHint } from "../layout.js";
import { MESSAGE_COLORS } from "../theme.js";
import { safeLine, truncate } from "../text.js";
import { SavePrompt } from "./SavePrompt.js";

export interface StatusLineProps {
  /** Browsing shows the keys; the save dialogue takes their place. */
  mode: Mode;
  /** The outcome of the last action (copy, save, a refused toggle). */
  message?: StatusMessage;
  /** The shown snippet is a deep link that `o` opens. */
  canOpen?: boolean;
  /** One line: a prompt, else the message, else the keys. */
  compact: boolean;
  /** Columns available; nothing drawn is wider. */
  width: number;
}

/** The arrows act on the rows; the preview scrolls with its own keys, whichever row is marked. */
const KEYS: KeyHint[] = [
  { text: "←/→ choose", priority: 4 },
  { text: "↑/↓ move", priority: 3 },
  { text: "PgUp/PgDn j/k scroll", priority: 1 },
  { text: "c copy", priority: 6 },
  { text: "s save", priority: 2 },
];
const OPEN_KEY: KeyHint = { text: "o open", priority: 5 };
const QUIT_KEY: KeyHint = { text: "q quit", priority: 7 };

/** The keys that apply, as many as fit; `q quit` always does. */
function keyHints(canOpen: boolean, width: number): string {
  const hints = [...KEYS, ...(canOpen ? [OPEN_KEY] : []), QUIT_KEY];
  return truncate(fitHints(hints, width), width);
}

/** The bottom of the screen: what just happened, and the keys, or the save prompt. */
export function StatusLine({ mode, message, canOpen = false, compact, width }: StatusLineProps) {
  const keys = <Text dimColor>{keyHints(canOpen, width)}</Text>;
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
