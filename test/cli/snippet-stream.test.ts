import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, runCliAsync } from "../helpers/cli.js";
import { loadModelFile } from "../../src/model/load-file.js";
import { generateSnippets } from "../../src/inference/engine.js";
import { renderJson } from "../../src/output/output.js";
import { blocksJson } from "../../src/blocks/json-batch.js";

/* `hubref snippet MODEL... --json` with several models: written as it is made, the same bytes as one JSON array built whole. */

const MODELS = readdirSync("catalogue/models")
  .filter((file) => file.endsWith(".json"))
  .sort()
  .map((file) => join("catalogue/models", file));

/** What the command printed before it streamed: every model's snippets, rendered as one array. */
function wholeArray(files: string[]): string {
  return renderJson(blocksJson(files.flatMap((file) => generateSnippets(loadModelFile(file), {}).snippets)));
}

describe("hubref snippet --json with several models", () => {
  it("prints the array that building it whole gives, byte for byte", () => {
    const result = runCli(["snippet", ...MODELS, "--json"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(wholeArray(MODELS));
    // Notes (GGUF models no provider serves) go to stderr, never into the array: one line for the models they share.
    expect(result.stderr).toMatch(
      /^note: \d+ of \d+ models: no inference provider serves this model; to run it yourself: .*bartowski\/Llama-3\.2-3B-Instruct-GGUF/m,
    );
  });

  it("stays one valid array through a pipe for many models", { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "hubref-stream-"));
    const llama = JSON.parse(readFileSync("catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json", "utf8")) as { id: string };
    const files: string[] = [];
    for (let n = 0; n < 400; n++) {
      const file = join(dir, `m${n}.json`);
      writeFileSync(file, JSON.stringify({ ...llama, id: `${llama.id}-${n}` }));
      files.push(file);
    }
    const result = await runCliAsync(["snippet", ...files, "--json"]);
    expect(result.status).toBe(0);
    const snippets = JSON.parse(result.stdout) as { model: string }[];
    const perModel = generateSnippets(loadModelFile(files[0]!), {}).snippets.length;
    expect(snippets).toHaveLength(400 * perModel);
    expect(snippets.at(-1)!.model).toBe(`${llama.id}-399`);
    expect(result.stdout).toBe(wholeArray(files));
  });

  // The batch keeps the first 4 MB of model files parsed between its check and its output, and reads the
  // rest again: padded with spaces, the example models pass that mark, so both ways are in one array.
  it("prints the same bytes for files kept from the check and files read again", () => {
    const dir = mkdtempSync(join(tmpdir(), "hubref-stream-kept-"));
    const padding = " ".repeat(400_000);
    const files: string[] = [];
    for (let n = 0; n < 2 * MODELS.length; n++) {
      const model = JSON.parse(readFileSync(MODELS[n % MODELS.length]!, "utf8")) as { id: string };
      const file = join(dir, `m${n}.json`);
      writeFileSync(file, `${JSON.stringify({ ...model, id: `${model.id}-${n}` })}${padding}`);
      files.push(file);
    }
    const result = runCli(["snippet", ...files, "--json"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(wholeArray(files));
  });

  it("reads stdin among the files", () => {
    const [first, second] = MODELS;
    const result = runCli(["snippet", first!, "-", second!, "--json"], { input: readFileSync(MODELS[2]!) });
    expect(result.status).toBe(0);
    const expected = wholeArray([first!, MODELS[2]!, second!]);
    expect(result.stdout).toBe(expected);
  });

  it("prints the other models when a later model file is bad, names it on one error line, and exits 1", () => {
    const dir = mkdtempSync(join(tmpdir(), "hubref-stream-bad-"));
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ id: "org/model", tags: [1] }));
    const result = runCli(["snippet", ...MODELS, bad, "--json"]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(wholeArray(MODELS.filter((file) => generateSnippets(loadModelFile(file), {}).snippets.length > 0)));
    expect(result.stderr).toMatch(/^error: .*bad\.json: field 'tags\[0\]'/m);
    expect(result.stderr.match(/bad\.json/g)).toHaveLength(1);
  });
});
