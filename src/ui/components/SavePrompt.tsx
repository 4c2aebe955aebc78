import { Text } from "ink";
import type { Mode } from "../state.js";
import { safeLine, truncate, truncateStart } from "../text.js";

export interface SavePromptProps {
  /** Which question: the file name, the write under way, or whether to overwrite. */
  mode: Exclude<Mode, { kind: "browse" }>;
  /** Columns available; nothing drawn is wider. */
  width: number;
}

/** The save dialogue, on the status line. */
export function SavePrompt({ mode, width }: SavePromptProps) {
  switch (mode.kind) {
    case "naming": {
      const help = "  enter save · esc cancel";
      const label = "Save as: ";
      return (
        <Text wrap="truncate-end">
          <Text bold>{label}</Text>
          <Text inverse={mode.selected === true}>{truncateStart(safeLine(mode.name), Math.max(1, width - label.length - help.length - 1))}</Text>
          {mode.selected === true ? " " : <Text inverse> </Text>}
          <Text dimColor>{help}</Text>
        </Text>
      );
    }
    case "saving":
      return <Text wrap="truncate-end">{truncate(`Saving ${safeLine(mode.name)}…`, width)}</Text>;
    case "confirming":
      return (
        <Text wrap="truncate-end" color="yellow">
          {truncateStart(`${safeLine(mode.path)} exists. Overwrite it? (y/n)`, width)}
        </Text>
      );
  }
}
