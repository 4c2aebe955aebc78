import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startSpinner } from "../../src/cli/spinner.js";
import { thrown } from "../helpers/errors.js";

function stream(isTTY: boolean, columns?: number) {
  const writes: string[] = [];
  return { writes, isTTY, columns, write: (text: string) => writes.push(text) };
}

const CLEAR = "\r\x1b[2K";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("startSpinner", () => {
  it("writes nothing at all when stderr is not a terminal", () => {
    const out = stream(false);
    const spinner = startSpinner(out, "fetching acme/m", {});
    vi.advanceTimersByTime(5_000);
    spinner.stop();
    expect(out.writes).toEqual([]);
  });

  it("writes nothing on a dumb terminal", () => {
    const out = stream(true);
    const spinner = startSpinner(out, "fetching acme/m", { TERM: "dumb" });
    vi.advanceTimersByTime(5_000);
    spinner.stop();
    expect(out.writes).toEqual([]);
  });

  it("on a terminal, redraws the message in place and clears the line when stopped", () => {
    const out = stream(true);
    const spinner = startSpinner(out, "fetching acme/m", {}, { delayMs: 100, intervalMs: 50 });
    vi.advanceTimersByTime(99);
    expect(out.writes).toEqual([]);
    vi.advanceTimersByTime(1 + 50 * 3);
    expect(out.writes).toHaveLength(4);
    for (const write of out.writes) expect(write).toMatch(/^\r\S fetching acme\/m$/);
    expect(new Set(out.writes).size).toBe(4);
    spinner.stop();
    expect(out.writes.at(-1)).toBe(CLEAR);
    const count = out.writes.length;
    vi.advanceTimersByTime(1_000);
    spinner.stop();
    expect(out.writes).toHaveLength(count);
  });

  it("waits HUBREF_SPINNER_DELAY_MS before drawing when it is set, and refuses a value that is not a count", () => {
    const out = stream(true);
    const spinner = startSpinner(out, "fetching acme/m", { HUBREF_SPINNER_DELAY_MS: "1000" });
    vi.advanceTimersByTime(999);
    expect(out.writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(out.writes).toHaveLength(1);
    spinner.stop();
    expect(thrown(() => startSpinner(out, "fetching acme/m", { HUBREF_SPINNER_DELAY_MS: "soon" })).message).toMatch(
      /HUBREF_SPINNER_DELAY_MS takes a whole number/,
    );
  });

  it("Ctrl-C clears the spinner's line and exits 130; once stopped, Ctrl-C is no longer its business", () => {
    const out = stream(true);
    const exits: number[] = [];
    const listeners = process.listenerCount("SIGINT");
    const spinner = startSpinner(out, "fetching acme/m", {}, { delayMs: 100, intervalMs: 50, exit: (code) => exits.push(code) });
    vi.advanceTimersByTime(200);
    process.emit("SIGINT");
    expect(out.writes.at(-1)).toBe(CLEAR);
    expect(exits).toEqual([130]);
    spinner.stop();
    expect(process.listenerCount("SIGINT")).toBe(listeners);
  });

  it("stopped before its delay, it never draws and leaves nothing to clear", () => {
    const out = stream(true);
    const spinner = startSpinner(out, "fetching acme/m", {}, { delayMs: 100 });
    vi.advanceTimersByTime(50);
    spinner.stop();
    vi.advanceTimersByTime(1_000);
    expect(out.writes).toEqual([]);
  });

  it("shortens a message wider than the terminal so that one line stays one line", () => {
    const out = stream(true, 20);
    const spinner = startSpinner(out, "fetching a-very-long-organisation/a-very-long-model-name", {}, { delayMs: 0 });
    vi.advanceTimersByTime(1);
    spinner.stop();
    const drawn = out.writes[0]!.slice(1);
    expect([...drawn].length).toBeLessThan(20);
  });
});
