/**
 * Key presses in the picker's own terms, so the state logic needs no Ink and
 * tests can press keys without a terminal.
 */
import type { Key } from "ink";

export type KeyName =
  | "up"
  | "down"
  | "left"
  | "right"
  | "tab"
  | "backtab"
  | "enter"
  | "escape"
  | "backspace"
  | "pageUp"
  | "pageDown"
  | "home"
  | "end"
  | "interrupt"
  /** Ctrl+U: clears a line being typed, as in a shell. */
  | "clearLine";

export type KeyPress = { name: KeyName } | { name: "char"; char: string };

const CONTROL_CHARS: Record<string, KeyName> = { "\r": "enter", "\n": "enter", "\t": "tab", "\x7f": "backspace", "\b": "backspace", "\x03": "interrupt" };

function special(key: Key): KeyName | undefined {
  if (key.ctrl) return undefined;
  if (key.upArrow) return "up";
  if (key.downArrow) return "down";
  if (key.leftArrow) return "left";
  if (key.rightArrow) return "right";
  if (key.tab) return key.shift ? "backtab" : "tab";
  if (key.return) return "enter";
  if (key.escape) return "escape";
  if (key.backspace || key.delete) return "backspace";
  if (key.pageUp) return "pageUp";
  if (key.pageDown) return "pageDown";
  if (key.home) return "home";
  if (key.end) return "end";
  return undefined;
}

/**
 * Ink's (input, key) as key presses. Ink passes several plain characters that
 * arrive together (typed fast, pasted, or sent by tmux) as one string; each
 * becomes its own press so that "name.py⏎" types a name and then confirms it.
 */
export function keyPresses(input: string, key: Key): KeyPress[] {
  if (key.ctrl && input === "c") return [{ name: "interrupt" }];
  if (key.ctrl && input === "u") return [{ name: "clearLine" }];
  const name = special(key);
  if (name) return [{ name }];
  if (key.ctrl || key.meta) return [];
  return [...input].map((char): KeyPress => {
    const control = CONTROL_CHARS[char];
    return control ? { name: control } : { name: "char", char };
  });
}
