/**
 * The terminal around the picker: it runs on the alternate screen, so that
 * quitting leaves the terminal as it was, and a plain first frame is drawn
 * while Ink (slow to import) loads.
 */
import { providerLabel } from "./labels.js";
import { safeLine, truncate } from "./text.js";
import type { Menu } from "./types.js";

export const ENTER_ALTERNATE_SCREEN = "\x1b[?1049h";
export const LEAVE_ALTERNATE_SCREEN = "\x1b[?1049l";
export const HIDE_CURSOR = "\x1b[?25l";
export const SHOW_CURSOR = "\x1b[?25h";
export const CLEAR_SCREEN = "\x1b[H\x1b[2J";

interface Terminal {
  write(data: string): unknown;
  columns?: number;
}

/** The header the picker will show, with the pickers still loading. */
export function splashFrame(input: Menu, columns: number): string {
  const model = input.model;
  const provider = input.initialProvider === undefined ? "—" : providerLabel(input.initialProvider);
  const task = safeLine(model.pipelineTag ?? "—");
  const library = safeLine(model.libraryName ?? "—");
  const serving = input.notice === undefined ? `provider ${provider}` : safeLine(input.notice);
  const lines = [
    `hubref ${safeLine(model.id)}`,
    input.notice === undefined ? `task ${task} · library ${library} · ${serving}` : `${serving} · task ${task} · library ${library}`,
    "─".repeat(columns),
    "  Loading…",
  ];
  return lines.map((line) => truncate(line, columns)).join("\r\n");
}

export function enterScreen(terminal: Terminal, input: Menu): void {
  terminal.write(ENTER_ALTERNATE_SCREEN + HIDE_CURSOR + CLEAR_SCREEN + splashFrame(input, terminal.columns || 80));
}

export function leaveScreen(terminal: Terminal): void {
  terminal.write(SHOW_CURSOR + LEAVE_ALTERNATE_SCREEN);
}
