import { EventEmitter } from "node:events";
import { describe, expect, it, vi } from "vitest";
import { HubrefError } from "../../src/errors.js";
import { openPickerScreen, runPicker } from "../../src/ui/run-picker.js";
import { ENTER_ALTERNATE_SCREEN, LEAVE_ALTERNATE_SCREEN, SHOW_CURSOR, splashFrame } from "../../src/ui/screen.js";
import { pickerSummary } from "../../src/ui/summary.js";
import { sparseInput } from "./helpers/fixtures.js";

/** Just enough of a terminal for Ink: raw mode, reads and writes recorded. */
class FakeStdin extends EventEmitter {
  isTTY = true;
  private pending: string | null = null;
  setRawMode = vi.fn();
  setEncoding() {}
  ref() {}
  unref() {}
  resume() {}
  pause() {}
  read = () => {
    const data = this.pending;
    this.pending = null;
    return data;
  };
  type(data: string) {
    this.pending = data;
    this.emit("readable");
  }
}

class FakeStdout extends EventEmitter {
  isTTY = true;
  columns = 80;
  rows = 24;
  output = "";
  write = (data: string) => {
    this.output += data;
    return true;
  };
}

const streams = () => {
  const stdin = new FakeStdin();
  const stdout = new FakeStdout();
  const stderr = new FakeStdout();
  const io = { stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream, stderr: stderr as unknown as NodeJS.WriteStream };
  return { stdin, stdout, io };
};

describe("runPicker", () => {
  it("refuses to open without a terminal, with a usage error and nothing written", async () => {
    const { stdout, stdin, io } = streams();
    stdin.isTTY = false;
    const error = await runPicker(sparseInput(), io).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HubrefError);
    expect(error).toMatchObject({ exitCode: 2, message: "the interactive picker needs a terminal (stdin and stdout)" });
    expect(stdout.output).toBe("");
  });

  it("draws on the alternate screen, and on quit restores the screen and returns what was copied", async () => {
    const { stdin, stdout, io } = streams();
    const clipboard: string[] = [];
    const running = runPicker(sparseInput(), { ...io, writeClipboard: async (text) => void clipboard.push(text) });
    expect(stdout.output.startsWith(ENTER_ALTERNATE_SCREEN)).toBe(true);
    expect(stdout.output).toContain(splashFrame(sparseInput(), 80));
    await vi.waitFor(() => expect(stdin.listenerCount("readable")).toBeGreaterThan(0), { timeout: 20_000, interval: 5 });
    stdin.type("\x1b[B");
    stdin.type("\x1b[C");
    await vi.waitFor(() => expect(stdout.output).toContain("[requests]"), { timeout: 20_000, interval: 5 });
    stdin.type("c");
    await vi.waitFor(() => expect(stdout.output).toContain("to the clipboard"), { timeout: 20_000, interval: 5 });
    stdin.type("q");
    const result = await running;
    expect(result).toMatchObject({ copied: { language: "python", client: "requests", provider: "together" }, copyMethod: "clipboard" });
    expect(clipboard).toEqual([result.copied!.content]);
    expect(stdout.output.endsWith(SHOW_CURSOR + LEAVE_ALTERNATE_SCREEN)).toBe(true);
    expect(stdin.setRawMode).toHaveBeenLastCalledWith(false);
    expect(pickerSummary(result)).toBe("copied: python / requests\n");
  });
});

describe("pickerSummary", () => {
  it("prints one line for a copy, one for a save, and nothing when neither happened", () => {
    const copied = {
      source: "inference" as const,
      model: "org/m",
      language: "sh" as const,
      client: "curl" as const,
      provider: "together" as const,
      content: "curl",
    };
    expect(pickerSummary({})).toBe("");
    expect(pickerSummary({ interrupted: true })).toBe("");
    expect(pickerSummary({ copied, copyMethod: "osc52", savedTo: "/tmp/snippet.sh" })).toBe(
      "asked the terminal to copy: sh / curl (OSC 52)\nsaved: /tmp/snippet.sh\n",
    );
  });
});

describe("splashFrame", () => {
  it("shows the header the picker will have, cut to the width", () => {
    expect(splashFrame(sparseInput({ initialProvider: undefined }), 40).split("\r\n")).toEqual([
      "hubref org/model",
      "task text-generation · library transfor…",
      "─".repeat(40),
      "  Loading…",
    ]);
  });

  it("opens the screen with the splash ahead of the picker only on a terminal, and the picker then draws it no second time", async () => {
    const piped = streams();
    piped.stdout.isTTY = false;
    expect(openPickerScreen(sparseInput(), piped.io)).toBeUndefined();
    expect(piped.stdout.output).toBe("");

    const { stdin, stdout, io } = streams();
    const leave = openPickerScreen(sparseInput(), io);
    expect(stdout.output.startsWith(ENTER_ALTERNATE_SCREEN)).toBe(true);
    expect(stdout.output).toContain(splashFrame(sparseInput(), 80));
    const running = runPicker(sparseInput(), io, leave !== undefined);
    await vi.waitFor(() => expect(stdin.listenerCount("readable")).toBeGreaterThan(0), { timeout: 20_000, interval: 5 });
    stdin.type("q");
    await running;
    expect(stdout.output.split(ENTER_ALTERNATE_SCREEN)).toHaveLength(2);
    expect(stdout.output.endsWith(SHOW_CURSOR + LEAVE_ALTERNATE_SCREEN)).toBe(true);
  });
});
