import { describe, expect, it } from "vitest";
import { runProgram } from "../../src/cli/program.js";
import type { CommandContext } from "../../src/cli/context.js";
import { wrapRows } from "../../src/output/layout.js";
import { messageStream, wrapMessages } from "../../src/output/message-lines.js";

const BERT = "catalogue/models/google-bert--bert-base-uncased.json";
const NOTE = "note: google-bert/bert-base-uncased: no inference provider serves this model (its metadata maps none), so this call may fail";

/** A command run in-process with stderr as a terminal `columns` wide, or as a pipe. */
async function run(args: string[], stderr: { isTTY: boolean; columns?: number }) {
  let errors = "";
  const context: CommandContext = {
    stdout: { isTTY: false, write: () => true },
    stderr: { ...stderr, write: (text: string) => (errors += text) },
    env: { ...process.env, NO_COLOR: "1" },
    stdinIsTTY: false,
  };
  const status = await runProgram(["node", "hubref", ...args], context);
  return { status, lines: errors.split("\n").filter(Boolean) };
}

describe("notes, warnings, errors and hints on stderr", () => {
  it("wrap at a 40-column terminal at spaces, each continuation under the text after `note: `", async () => {
    const { lines } = await run(["snippet", BERT, "--language", "sh", "--provider", "hf-inference"], { isTTY: true, columns: 40 });
    expect(lines).toEqual([
      "note: google-bert/bert-base-uncased: no",
      "      inference provider serves this",
      "      model (its metadata maps none), so",
      "      this call may fail",
    ]);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    // The words are the note's words, in order: only where lines break has changed.
    expect(lines.map((line) => line.trim()).join(" ")).toBe(NOTE);
  });

  it("stay one line each when stderr is not a terminal, however long", async () => {
    const { lines } = await run(["snippet", BERT, "--language", "sh", "--provider", "hf-inference"], { isTTY: false, columns: 40 });
    expect(lines).toEqual([NOTE]);
  });

  it("stay one line each on a terminal that reports no width (0×0), not folded into the narrowest column", async () => {
    for (const columns of [0, undefined, Number.NaN]) {
      const { lines } = await run(["snippet", BERT, "--language", "sh", "--provider", "hf-inference"], {
        isTTY: true,
        ...(columns !== undefined && { columns }),
      });
      expect(lines, `columns ${columns}`).toEqual([NOTE]);
    }
    let written = "";
    const stream = messageStream({ isTTY: true, columns: 0, write: (text: string) => (written += text) });
    stream.write(`${NOTE}\nerror: ${"word ".repeat(30).trim()}\n`);
    await stream.settled();
    expect(written).toBe(`${NOTE}\nerror: ${"word ".repeat(30).trim()}\n`);
  });

  it("wrap an error and its hint each under its own prefix, and keep the exit code", async () => {
    const { status, lines } = await run(["snippet", BERT, "--library", "--stream"], { isTTY: true, columns: 40 });
    expect(status).toBe(2);
    expect(lines).toEqual([
      "error: --library prints the library's",
      "       usage code, which --stream does",
      "       not apply to",
      "hint: leave out --library for inference",
      "      API snippets",
    ]);
  });

  it("keep a word longer than the line (a URL, a path) whole, and pass other lines as they are", () => {
    const url = `https://huggingface.co/${"x".repeat(40)}`;
    expect(wrapMessages(`warning: fetch ${url} later\n\r⠋ fetching a very long line that is not a message\n`, 40, wrapRows)).toBe(
      `warning: fetch\n         ${url}\n         later\n\r⠋ fetching a very long line that is not a message\n`,
    );
  });

  it("load the width helpers only for a message that may be too wide, keeping every write in order", async () => {
    let written = "";
    let loads = 0;
    const stream = messageStream({ isTTY: true, columns: 40, write: (text: string) => (written += text) }, async () => {
      loads++;
      return wrapRows;
    });
    stream.write("note: short\n");
    expect([written, loads]).toEqual(["note: short\n", 0]);
    stream.write(`${NOTE}\n`);
    stream.write("\r⠋ next\n");
    await stream.settled();
    expect(loads).toBe(1);
    expect(written.split("\n")).toEqual([
      "note: short",
      "note: google-bert/bert-base-uncased: no",
      "      inference provider serves this",
      "      model (its metadata maps none), so",
      "      this call may fail",
      "\r⠋ next",
      "",
    ]);
  });
});
