import { Box, Text } from "ink";
import type { DisplayLine } from "../preview-lines.js";
import { CODE_COLORS } from "../theme.js";
import { textWidth, truncate } from "../text.js";

export interface PreviewProps {
  /** What is shown, e.g. "Python / requests / together". */
  title: string;
  /** All screen lines of the snippet, wrapped to the width. */
  lines: DisplayLine[];
  /** First line drawn (the scroll position). */
  offset: number;
  /** Lines drawn; blank lines fill the rest, so the status line stays put. */
  height: number;
  /** Columns available; nothing drawn is wider. */
  width: number;
}

function position(offset: number, height: number, total: number): string {
  if (total <= height) return `${total} line${total === 1 ? "" : "s"}`;
  return `lines ${offset + 1}–${Math.min(total, offset + height)} of ${total}`;
}

/** A title rule, then the visible part of the highlighted snippet, padded to a fixed height. */
export function Preview({ title, lines, offset, height, width }: PreviewProps) {
  const right = ` ${position(offset, height, lines.length)} ─`;
  const left = truncate(`─ ${title} `, Math.max(1, width - textWidth(right) - 1));
  const fill = "─".repeat(Math.max(0, width - textWidth(left) - textWidth(right)));
  const visible = lines.slice(offset, offset + height);
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end" dimColor>
        {left + fill + right}
      </Text>
      {/* Rows and segments are places on the screen, not items that move: their index is their identity. */}
      {Array.from({ length: height }, (_, row) => {
        const line = visible[row];
        // biome-ignore lint/suspicious/noArrayIndexKey: a screen row's index is its identity
        if (!line) return <Text key={row}> </Text>;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a screen row's index is its identity
          <Text key={row} wrap="truncate-end">
            <Text dimColor>{line.gutter}</Text>
            {line.segments.map((segment, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a segment's place in its line is its identity
              <Text key={i} color={segment.tone ? CODE_COLORS[segment.tone] : undefined}>
                {segment.text}
              </Text>
            ))}
          </Text>
        );
      })}
    </Box>
  );
}
