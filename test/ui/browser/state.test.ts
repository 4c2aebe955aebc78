import { describe, expect, it } from "vitest";
import { browserReducer, initialBrowserState, searchRequestOf, typedMisses, type BrowserState } from "../../../src/ui/browser/state.js";
import type { KeyPress } from "../../../src/ui/keys.js";
import type { SearchHit } from "../../../src/search/hits.js";

const choices = {
  task: ["text-generation", "text-to-image"],
  provider: ["all", "together"],
  sort: ["trending", "downloads"],
  fits: ["auto", "RTX 4090", "RTX 4090D", "Apple M3 Max:36", "Apple M3 Max:64"],
} as const;
const hit = (id: string): SearchHit => ({ id, task: null, library: null, downloads: 0, likes: 0, trending: 0, createdAt: null, providers: [], gated: false });

function press(state: BrowserState, ...keys: (KeyPress | string)[]): BrowserState {
  let next = state;
  for (const key of keys) {
    const press: KeyPress = typeof key === "string" ? { name: "char", char: key } : key;
    next = browserReducer(next, { type: "key", key: press });
  }
  return next;
}

describe("browser state", () => {
  it("searches at once on opening, and again as the query is typed", () => {
    const state = initialBrowserState(choices);
    expect(state.outbox).toEqual({ kind: "search", now: true });
    const typed = press({ ...state, outbox: undefined }, "q", "w");
    expect(typed.query).toBe("qw");
    expect(typed.outbox).toEqual({ kind: "search", now: false });
    expect(searchRequestOf(typed, 50)).toEqual({ search: "qw", sort: "trending", limit: 50 });
  });

  it("picks a filter value by typing its start, and by arrows", () => {
    let state = press(initialBrowserState(choices), { name: "tab" }, "t", "e", "x", "t", "-", "t");
    expect(searchRequestOf(state, 50).task).toBe("text-to-image");
    state = press(state, { name: "down" }, { name: "right" }, { name: "right" });
    expect(searchRequestOf(state, 50).provider).toBe("together");
  });

  it("keeps taking letters after a miss, says so, and picks a name typed afresh; Backspace edits what was typed", () => {
    const tasks = {
      ...choices,
      task: ["automatic-speech-recognition", "image-classification", "table-question-answering", "text-generation", "text-to-image"],
    };
    const taskRow = (state: BrowserState) => press({ ...state, outbox: undefined }, { name: "tab" });
    const task = (state: BrowserState) => searchRequestOf(state, 50).task;
    let state = press(taskRow(initialBrowserState(tasks)), ..."tx");
    expect([task(state), state.typed, typedMisses(state, "task")]).toEqual(["table-question-answering", "tx", true]);
    // The name typed afresh after the miss picks its value, letter by letter.
    state = press(state, ..."text-to-image");
    expect([task(state), typedMisses(state, "task")]).toEqual(["text-to-image", false]);
    expect(state.typed).toBe("text-to-image");
    state = press(state, ..."zz");
    expect([task(state), state.typed, typedMisses(state, "task")]).toEqual(["text-to-image", "text-to-imagezz", true]);
    state = press(state, { name: "backspace" }, { name: "backspace" });
    expect([state.typed, typedMisses(state, "task")]).toEqual(["text-to-image", false]);
    // Any other key ends the pick; what was typed goes.
    expect(press(state, { name: "right" }).typed).toBe("");
  });

  it("takes the command line's other names for a value (t2i, asr) on the task row", () => {
    const tasks = { ...choices, task: ["automatic-speech-recognition", "text-generation", "text-to-image"] };
    const aliases = { task: { t2i: "text-to-image", asr: "automatic-speech-recognition", llm: "text-generation" } };
    const taskRow = () => press({ ...initialBrowserState(tasks, undefined, undefined, aliases), outbox: undefined }, { name: "tab" });
    expect(searchRequestOf(press(taskRow(), ..."t2i"), 50).task).toBe("text-to-image");
    expect(searchRequestOf(press(taskRow(), ..."asr"), 50).task).toBe("automatic-speech-recognition");
    // The keys: t2i, then the whole name.
    const both = press(taskRow(), ..."t2itext-to-image");
    expect(searchRequestOf(both, 50).task).toBe("text-to-image");
    expect(press(taskRow(), ..."llm").outbox).toEqual({ kind: "search", now: false });
  });

  it("shows only the newest reply, and keeps the position within the new list", () => {
    let state = browserReducer(initialBrowserState(choices), { type: "asked", seq: 2 });
    state = browserReducer(state, { type: "results", seq: 1, hits: [hit("old/one")] });
    expect(state.hits).toEqual([]);
    state = browserReducer(state, { type: "results", seq: 2, hits: [hit("a/1"), hit("a/2")] });
    expect(state.hits.map((h) => h.id)).toEqual(["a/1", "a/2"]);
  });

  it("goes from an empty field to the list on backspace or Esc, opens with Enter, quits with q there only", () => {
    let state = browserReducer(initialBrowserState(choices), { type: "results", seq: 0, hits: [hit("a/1"), hit("a/2")] });
    state = press(state, { name: "backspace" });
    expect(state.focus).toBe("list");
    state = press(state, { name: "down" }, { name: "enter" });
    expect(state.outbox).toEqual({ kind: "open", hit: hit("a/2") });
    const typing = press({ ...state, focus: "search", opening: undefined }, "q");
    expect(typing.done).toBeUndefined();
    expect(press({ ...state, opening: undefined }, "q").done).toEqual({ interrupted: false });
    expect(press(state, { name: "interrupt" }).done).toEqual({ interrupted: true });
  });

  it("the fits row: off first, a device completed as --fits reads its name, spaces included; up from the list's top lands on it", () => {
    const fitsRow = (state: BrowserState) => press({ ...state, outbox: undefined }, { name: "tab" }, { name: "tab" }, { name: "tab" }, { name: "tab" });
    const start = initialBrowserState(choices);
    expect(searchRequestOf(start, 20)).not.toHaveProperty("fits");
    let state = press(fitsRow(start), "4", "0", "9", "0");
    expect(state.focus).toBe("fits");
    expect(searchRequestOf(state, 20).fits).toBe("RTX 4090");
    expect(state.outbox).toEqual({ kind: "search", now: false });
    state = press(fitsRow(start), "r", "t", "x", " ", "4", "0", "9", "0", "d");
    expect(searchRequestOf(state, 20).fits).toBe("RTX 4090D");
    state = press(fitsRow(start), "m", "3", " ", "m", "a", "x", ":", "6");
    expect(searchRequestOf(state, 20).fits).toBe("Apple M3 Max:64");
    // A space on a row with nothing typed steps to the next value, as on the other rows.
    state = press(fitsRow(start), " ");
    expect(searchRequestOf(state, 20).fits).toBe("auto");
    state = press({ ...state, focus: "list" }, { name: "up" });
    expect(state.focus).toBe("fits");
  });

  it("a preset device opens the browser with the fits row on it", () => {
    const state = initialBrowserState(choices, undefined, { sort: "trending", limit: 20, fits: "Apple M3 Max:64" });
    expect(searchRequestOf(state, 20).fits).toBe("Apple M3 Max:64");
  });
});
