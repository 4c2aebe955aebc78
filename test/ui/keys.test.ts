import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { keyPresses } from "../../src/ui/keys.js";

const none: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

describe("keyPresses", () => {
  it("names Ink's special keys", () => {
    expect(keyPresses("", { ...none, upArrow: true })).toEqual([{ name: "up" }]);
    expect(keyPresses("", { ...none, tab: true, shift: true })).toEqual([{ name: "backtab" }]);
    expect(keyPresses("", { ...none, delete: true })).toEqual([{ name: "backspace" }]);
    expect(keyPresses("", { ...none, escape: true, meta: true })).toEqual([{ name: "escape" }]);
    expect(keyPresses("c", { ...none, ctrl: true })).toEqual([{ name: "interrupt" }]);
  });

  it("splits characters that arrive together, keeping enter and backspace among them", () => {
    expect(keyPresses("a.py\r", none)).toEqual([
      { name: "char", char: "a" },
      { name: "char", char: "." },
      { name: "char", char: "p" },
      { name: "char", char: "y" },
      { name: "enter" },
    ]);
    expect(keyPresses("x\x7f", none)).toEqual([{ name: "char", char: "x" }, { name: "backspace" }]);
  });

  it("ignores other Ctrl and Alt combinations", () => {
    expect(keyPresses("s", { ...none, ctrl: true })).toEqual([]);
    expect(keyPresses("q", { ...none, meta: true })).toEqual([]);
  });
});
