import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getModel, localAppCommands } from "../../src/api/index.js";
import { startGgufHub, type GgufHub, type RepoFile } from "../helpers/gguf-hub.js";
import { llama, LLAMA_8B_QUANT_SIZES } from "../helpers/gguf-models.js";
import { writeGguf } from "../helpers/gguf-writer.js";

/*
 * A model remembers its hub: metadata from getModel(id, hub) has its GGUF
 * header read from that same hub, with that token, by the functions that
 * plan a run, never from the public hub or the environment. Two stand-in
 * hubs serve the same repository; each counts what it was asked.
 */

const REPO = "acme/Llama-3.1-8B-Instruct-GGUF";
const files = (trained: number): RepoFile[] =>
  LLAMA_8B_QUANT_SIZES.map(([quant, size]) => ({ name: `Llama-3.1-8B-Instruct-${quant}.gguf`, size, content: writeGguf(llama(trained).spec) }));

let first: GgufHub;
let second: GgufHub;
const saved = process.env.HF_ENDPOINT;

beforeAll(async () => {
  first = await startGgufHub({ [REPO]: { files: files(32_000), gguf: { architecture: "llama", context_length: 131072 } } });
  second = await startGgufHub({ [REPO]: { files: files(32_000), gguf: { architecture: "llama", context_length: 131072 } } });
  // The environment names the other hub: the library must not read it.
  process.env.HF_ENDPOINT = first.endpoint;
});

afterAll(async () => {
  if (saved === undefined) delete process.env.HF_ENDPOINT;
  else process.env.HF_ENDPOINT = saved;
  await Promise.all([first?.close(), second?.close()]);
});

describe("a model remembers its hub", () => {
  it("localAppCommands with fits reads the header from the hub getModel used, with its token", async () => {
    const model = await getModel(REPO, { endpoint: second.endpoint, token: "hf_second" }, true);
    if (!model.ok) throw new Error(model.problem.message);
    const before = { first: first.fileRequests.length, second: second.fileRequests.length };
    const run = await localAppCommands(model.value, "llama.cpp", { fits: "RTX 4090", ctx: 32768 });
    if (!run.ok) throw new Error(run.problem.message);
    expect(run.value.quant?.label).toBeTruthy();
    const asked = second.fileRequests.slice(before.second);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((request) => request.headers.authorization === "Bearer hf_second")).toBe(true);
    expect(first.fileRequests.length).toBe(before.first);
    expect(run.notes.join("\n")).not.toMatch(/header.*could not be read/);
  });

  it("a hub option of the call's own wins over the model's", async () => {
    const model = await getModel(REPO, { endpoint: second.endpoint }, true);
    if (!model.ok) throw new Error(model.problem.message);
    const before = { first: first.fileRequests.length, second: second.fileRequests.length };
    const run = await localAppCommands(model.value, "llama.cpp", { fits: "16GB", hub: { endpoint: first.endpoint, token: "hf_first" } });
    if (!run.ok) throw new Error(run.problem.message);
    expect(first.fileRequests.length).toBeGreaterThan(before.first);
    expect(first.fileRequests.slice(before.first).every((request) => request.headers.authorization === "Bearer hf_first")).toBe(true);
    expect(second.fileRequests.length).toBe(before.second);
  });

  it("each getModel call's copy keeps its own hub", async () => {
    const [fromFirst, fromSecond] = await Promise.all([
      getModel(REPO, { endpoint: first.endpoint }, true),
      getModel(REPO, { endpoint: second.endpoint }, true),
    ]);
    if (!fromFirst.ok || !fromSecond.ok) throw new Error("getModel failed");
    const before = first.fileRequests.length;
    const run = await localAppCommands(fromFirst.value, "llama.cpp", { fits: "16GB" });
    expect(run.ok).toBe(true);
    expect(first.fileRequests.length).toBeGreaterThan(before);
  });
});
