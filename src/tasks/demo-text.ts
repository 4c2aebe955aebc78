import type { DemoItem } from "../build/schemas/task.js";
import { renderTable, type Style } from "../output/output.js";

/* A task's demo input or output as text for a terminal. */

const BAR_WIDTH = 20;

function padColumn(values: string[]): string[] {
  const width = Math.max(0, ...values.map((value) => value.length));
  return values.map((value) => value.padEnd(width));
}

/** The lines that show `item`, without indentation. */
export function demoItemLines(item: DemoItem, style: Style): string[] {
  switch (item.type) {
    case "img":
      return [`image: ${item.filename}`];
    case "audio":
      return [`audio: ${item.filename}`];
    case "text": {
      const [first = "", ...rest] = item.content.split(/\r?\n/);
      return [`${style.dim(`${item.label}:`)} ${first}`, ...rest];
    }
    case "text-with-tokens": {
      const tokens = [...item.tokens].sort((a, b) => a.start - b.start);
      const types = padColumn(tokens.map((token) => token.type));
      return [item.text, ...tokens.map((token, index) => `  ${style.cyan(types[index]!)}  ${item.text.slice(token.start, token.end)}`)];
    }
    case "chart": {
      const labels = padColumn(item.data.map((entry) => entry.label));
      return item.data.map((entry, index) =>
        `${labels[index]}  ${entry.score.toFixed(2)}  ${style.green("█".repeat(Math.round(entry.score * BAR_WIDTH)))}`.trimEnd(),
      );
    }
    case "tabular": {
      const [header = [], ...rows] = item.data.map((row) => row.map(String));
      return renderTable({ header, rows, style, aligned: true }).trimEnd().split("\n");
    }
  }
}
