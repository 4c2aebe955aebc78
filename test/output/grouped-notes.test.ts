import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GroupedNotes } from "../../src/output/grouped-notes.js";
import { runInProcess } from "../helpers/in-process.js";

/* Notes and warnings of a batch: one line for lines that differ only by the model, after the output. */

/** `count` model files that map no provider, each with its own widget text so nothing is shared but the note. */
function unmappedModels(count: number): string[] {
  const dir = mkdtempSync(join(tmpdir(), "hubref-notes-"));
  return Array.from({ length: count }, (_, n) => {
    const file = join(dir, `m${n}.json`);
    writeFileSync(file, JSON.stringify({ id: `acme/m-${n}`, pipeline_tag: "text-classification", widgetData: [{ text: `text ${n}` }] }));
    return file;
  });
}

const NOTE = "no inference provider serves this model (its metadata maps none), so this call may fail";

describe("GroupedNotes", () => {
  it("keeps a line of one model as it was, and groups the rest with a count and three ids", () => {
    const notes = new GroupedNotes();
    notes.add("note", "a/one", `a/one: ${NOTE}`);
    notes.add("warning", "b/two", "b/two: something only b has");
    for (const id of ["c/1", "c/2", "c/3", "c/4"]) notes.add("note", id, `${id}: the metadata maps no together model id for ${id}`);
    expect(notes.lines(3000)).toEqual([
      `note: a/one: ${NOTE}`,
      "note: 4 of 3,000 models: the metadata maps no together model id for MODEL (e.g. c/1, c/2, c/3, …)",
      "warning: b/two: something only b has",
    ]);
  });
});

describe("hubref snippet with several models", () => {
  it("3 models: one note naming all three, after the output", async () => {
    const files = unmappedModels(3);
    const result = await runInProcess(["snippet", ...files, "--provider", "hf-inference", "--language", "sh"]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(`note: 3 of 3 models: ${NOTE} (e.g. acme/m-0, acme/m-1, acme/m-2)\n`);
  });

  it("3,000 models, streamed as JSON: still one line", { timeout: 120_000 }, async () => {
    const files = unmappedModels(3000);
    const result = await runInProcess(["snippet", ...files, "--provider", "hf-inference", "--json"]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe(`note: 3,000 of 3,000 models: ${NOTE} (e.g. acme/m-0, acme/m-1, acme/m-2, …)\n`);
    expect(new Set((JSON.parse(result.stdout) as { model: string }[]).map((snippet) => snippet.model)).size).toBe(3000);
  });

  it("--verbose: each model's own line, as it comes", async () => {
    const files = unmappedModels(3);
    const result = await runInProcess(["snippet", ...files, "--provider", "hf-inference", "--language", "sh", "--verbose"]);
    expect(result.stderr.trimEnd().split("\n")).toEqual([0, 1, 2].map((n) => `note: acme/m-${n}: ${NOTE}`));
  });
});
