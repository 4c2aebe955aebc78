import { Text } from "ink";
import { fitOptions } from "../layout.js";
import { ACCENT } from "../theme.js";
import { padEnd, textWidth, truncate } from "../text.js";

export interface OptionRowProps {
  /** What the row chooses, e.g. "Language". */
  title: string;
  /** The options on offer, all of which lead to a snippet. */
  options: string[];
  /** Position of the chosen option. */
  chosen: number;
  /** The row that arrow keys act on: marked with "›". */
  focused: boolean;
  /** Columns available; nothing drawn is wider. */
  width: number;
}

const TITLE_WIDTH = 10;

/** One picker: a title and its options on one line, scrolled sideways to keep the chosen one in view. */
export function OptionRow({ title, options, chosen, focused, width }: OptionRowProps) {
  const available = Math.max(4, width - 2 - TITLE_WIDTH);
  const labels = options.map((label) => truncate(label, Math.max(1, available - 6)));
  const { start, end } = fitOptions(
    labels.map((label) => textWidth(label)),
    chosen,
    available,
  );
  return (
    <Text wrap="truncate-end">
      <Text color={focused ? ACCENT : undefined} bold={focused}>
        {focused ? "› " : "  "}
        {padEnd(title, TITLE_WIDTH)}
      </Text>
      {start > 0 ? <Text dimColor>… </Text> : null}
      {labels.length === 0 ? <Text dimColor>—</Text> : null}
      {labels.slice(start, end).map((label, i) => {
        const index = start + i;
        const separator = i > 0 ? " " : "";
        if (index !== chosen) return <Text key={index}>{`${separator} ${label} `}</Text>;
        return (
          <Text key={index}>
            {separator}
            <Text bold color={focused ? ACCENT : undefined} inverse={focused}>{`[${label}]`}</Text>
          </Text>
        );
      })}
      {end < labels.length ? <Text dimColor> …</Text> : null}
    </Text>
  );
}
