import { Box, Text } from "ink";
import type { FocusId, Mode, StatusMessage } from "../state.js";
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
  /** One line: a prompt, else the message, else the keys. */
  compact: boolean;
  /** Columns available; nothing drawn is wider. */
  width: number;
}

const ROW_KEYS = "←/→ choose  ↑/↓ tab move  enter next  c copy  s save  q quit";
const PREVIEW_KEYS = "↑/↓ j/k scroll  PgUp/PgDn page  tab move  c copy  s save  q quit";

/** The bottom of the screen: what just happened, and the keys, or the save prompt. */
export function StatusLine({ mode, message, focus, compact, width }: StatusLineProps) {
  const keys = <Text dimColor>{truncate(focus === "preview" ? PREVIEW_KEYS : ROW_KEYS, width)}</Text>;
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
