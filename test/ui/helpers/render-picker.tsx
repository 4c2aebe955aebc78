import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { render } from "ink-testing-library";
import { expect, vi } from "vitest";
import { App } from "../../../src/ui/components/App.js";
import type { CopyDeps } from "../../../src/ui/copy.js";
import type { OpenOutcome } from "../../../src/ui/open-link.js";
import { textWidth } from "../../../src/ui/text.js";
import type { Menu } from "../../../src/ui/types.js";
import { sparseInput } from "./fixtures.js";

/** What terminals send for each key. */
export const KEY = {
  up: "\x1b[A",
  down: "\x1b[B",
  right: "\x1b[C",
  left: "\x1b[D",
  tab: "\t",
  backtab: "\x1b[Z",
  enter: "\r",
  escape: "\x1b",
  pageUp: "\x1b[5~",
  pageDown: "\x1b[6~",
  home: "\x1b[H",
  end: "\x1b[F",
  backspace: "\x7f",
  ctrlC: "\x03",
  ctrlU: "\x15",
} as const;

export interface PickerOptions {
  copy?: CopyDeps;
  open?: (url: string) => Promise<OpenOutcome>;
  cwd?: string;
  columns?: number;
  rows?: number;
}

/** The picker under ink-testing-library at 80x24 (or the size asked for), with a recording clipboard. */
export async function renderPicker(input: Menu = sparseInput(), options: PickerOptions = {}) {
  const onExit = vi.fn();
  const clipboard: string[] = [];
  const terminal: string[] = [];
  const copy: CopyDeps = options.copy ?? {
    writeClipboard: async (text) => {
      clipboard.push(text);
    },
    writeTerminal: (data) => terminal.push(data),
  };
  const cwd = options.cwd ?? mkdtempSync(join(tmpdir(), "hubref-picker-"));
  const ui = render(<App input={input} services={{ copy, cwd, onExit, ...(options.open ? { open: options.open } : {}) }} />);

  const resize = (columns: number, rows: number) => {
    Object.defineProperty(ui.stdout, "columns", { value: columns, configurable: true });
    Object.defineProperty(ui.stdout, "rows", { value: rows, configurable: true });
    ui.stdout.emit("resize");
  };
  resize(options.columns ?? 80, options.rows ?? 24);

  const frame = () => stripVTControlCharacters(ui.lastFrame() ?? "");
  /** Waits until the frame contains every text given. */
  const waitFor = async (...texts: string[]) => {
    const showsAll = () => {
      for (const text of texts) expect(frame()).toContain(text);
    };
    await vi.waitFor(showsAll, { timeout: 20_000, interval: 5 });
    return frame();
  };
  const press = (...keys: string[]) => {
    for (const key of keys) ui.stdin.write(key);
  };
  // Keys written before Ink listens are lost.
  await vi.waitFor(() => expect(ui.stdin.listenerCount("readable")).toBeGreaterThan(0), { timeout: 20_000, interval: 5 });
  // The preview's title rule spans the width: once it does, the resize has been drawn.
  const resized = () => expect(linesOf(frame()).some((line) => /^[─›] .* ─$/.test(line) && textWidth(line) === (options.columns ?? 80))).toBe(true);
  await vi.waitFor(resized, { timeout: 20_000, interval: 5 });
  return { ui, frame, waitFor, press, resize, onExit, clipboard, terminal, cwd };
}

/** The frame's lines, without trailing spaces. */
export function linesOf(frame: string): string[] {
  return frame.split("\n").map((line) => line.trimEnd());
}
