import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  blocksJson,
  describeModel,
  getGgufHeader,
  getModel,
  hardware,
  inferenceSnippets,
  libraries,
  libraryCode,
  localAppCommands,
  memoryPlan,
  parseQuant,
  searchModels,
  tasks,
  toolOptions,
  type ModelData,
} from "../../src/api/index.js";
import { startGgufHub, type GgufHub, type RepoFile } from "../helpers/gguf-hub.js";
import { llama, LLAMA_8B_QUANT_SIZES } from "../helpers/gguf-models.js";
import { writeGguf } from "../helpers/gguf-writer.js";
import { startHubServer } from "../helpers/hub-server.js";
import { runInProcess } from "../helpers/in-process.js";
import { startSearchHub, type SearchHub } from "../helpers/search-hub.js";

/*
 * The library over plain data: the same code as the command line, failures
 * as problems in the library's words, and the hub reached through what the
 * caller gives (endpoint, token, fetch), never the environment.
 */

const MODELS_DIR = "catalogue/models";
const exampleFiles = readdirSync(MODELS_DIR).map((name) => join(MODELS_DIR, name));
const read = (file: string): ModelData => JSON.parse(readFileSync(file, "utf8"));

describe("the library and the command line agree", () => {
  it.each(exampleFiles)("inference snippets of %s", async (file) => {
    const cli = await runInProcess(["snippet", file, "--json"]);
    const api = inferenceSnippets(read(file));
    if (cli.status !== 0) {
      expect(api.ok).toBe(false);
      return;
    }
    if (!api.ok) throw new Error(api.problem.message);
    expect(blocksJson(api.value)).toEqual(JSON.parse(cli.stdout));
  });

  it.each(exampleFiles)("library code of %s", async (file) => {
    const cli = await runInProcess(["snippet", file, "--library", "--json"]);
    const api = await libraryCode(read(file));
    if (cli.status !== 0) {
      expect(api).toMatchObject({ ok: false, problem: { code: "invalid-input" } });
      return;
    }
    if (!api.ok) throw new Error(api.problem.message);
    expect(blocksJson(api.value)).toEqual(JSON.parse(cli.stdout));
  });

  it("a model's offer is `hubref model --json`'s", async () => {
    const file = exampleFiles.find((name) => name.includes("GGUF"))!;
    const model = read(file);
    const cli = await runInProcess(["model", file, "--json"]);
    const api = describeModel(model);
    expect(api.ok && api.value.id).toBe(model.id);
    // The command names a file by its path; the library names the model by its id.
    expect(api.ok && api.value).toEqual(JSON.parse(cli.stdout.replaceAll(file, model.id)));
  });
});

describe("problems as values", () => {
  const tiny: ModelData = { id: "acme/tiny", pipeline_tag: "text-generation", tags: ["conversational"] } as ModelData;

  it("names the library's options, never the command line's flags", () => {
    const result = inferenceSnippets(tiny, { provider: "together", direct: true });
    expect(result).toEqual({
      ok: false,
      problem: {
        code: "no-code",
        kind: "direct-needs-provider-id",
        message:
          "acme/tiny: the metadata maps no together model id, so a direct call to together cannot name the model: set it with `providerModelId`, or leave out `direct`",
      },
    });
  });

  it("tools and schema: true for the samples, checked JSON otherwise; a bad value is invalid input in the library's words", () => {
    const samples = toolOptions(true, true);
    if (!samples.ok) throw new Error(samples.problem.message);
    const tools = [{ type: "function", function: { name: "lookup", parameters: { type: "object" } } }];
    const given = toolOptions(tools, { type: "object" });
    expect(given).toMatchObject({ ok: true, value: { tools: { tools, sample: false }, schema: { schema: { type: "object" }, sample: false } } });
    const snippets = inferenceSnippets(
      { ...tiny, inferenceProviderMapping: [{ provider: "together", providerId: "t/tiny", status: "live", task: "conversational" }] } as ModelData,
      {
        provider: "together",
        language: "go",
        ...samples.value,
      },
    );
    expect(snippets.ok && snippets.value[0]!.content).toContain('"get_weather": get_weather,');
    expect(toolOptions([{ type: "function", function: { name: "a-b" } }])).toMatchObject({
      ok: false,
      problem: { code: "invalid-input", message: expect.stringContaining("`tools`: field '[0].function.name'") },
    });
    expect(toolOptions(undefined, [])).toMatchObject({ ok: false, problem: { code: "invalid-input", message: "`schema`: a schema is a JSON object" } });
  });

  it("inputs that start like JSON and do not parse, or a role no chat API takes, are invalid input in the library's words", () => {
    expect(inferenceSnippets(tiny, { inputs: '[{"role":"user"' })).toEqual({
      ok: false,
      problem: {
        code: "invalid-input",
        kind: "inputs-json-invalid",
        message: "`inputs` starts like JSON and is not valid JSON: line 1, column 16: unexpected end of input, expected ',' or '}'",
        hint: 'fix the JSON at that position; a text that starts like JSON goes as a JSON string ("…")',
      },
    });
    expect(inferenceSnippets(tiny, { inputs: '[{"role":"robot","content":"hi"}]' })).toMatchObject({
      ok: false,
      problem: { code: "invalid-input", message: '`inputs`: message 1 has the role "robot", which no chat API takes' },
    });
  });

  it("a model without a pipeline tag gets no snippet, and says why", () => {
    const result = inferenceSnippets({ id: "acme/none", tags: [] } as unknown as ModelData);
    expect(result).toMatchObject({ ok: false, problem: { code: "no-code", message: expect.stringContaining("no pipeline tag") } });
  });

  it("an unknown app is invalid input with a suggestion", async () => {
    const model = read(exampleFiles.find((name) => name.includes("GGUF"))!);
    const result = await localAppCommands(model, "ollamma");
    expect(result).toMatchObject({ ok: false, problem: { code: "invalid-input", hint: expect.stringContaining("ollama") } });
  });

  it("library code and --fits refusals name the library's options and functions", async () => {
    expect(await libraryCode({ id: "acme/none", tags: [] } as unknown as ModelData)).toEqual({
      ok: false,
      problem: {
        code: "invalid-input",
        kind: "no-library",
        message: "acme/none: the metadata names no library (library_name), so there is no library usage code",
        hint: "leave out `libraryCode()` for inference API snippets",
      },
    });
    const chat = read(exampleFiles.find((name) => name.includes("Llama-3.1-8B"))!);
    expect(await libraryCode(chat, { fits: "RTX 3060" })).toMatchObject({
      ok: false,
      problem: { kind: "device-memory-unnamed", message: "RTX 3060 comes with 8, 12 GB: name one after a colon", hint: 'for example: `fits` "RTX 3060:12"' },
    });
  });

  it("a header that is not GGUF is invalid input", async () => {
    const result = await memoryPlan(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), { weights: { files: ["x.gguf"], bytes: 1e9 }, budget: "16GB" });
    expect(result).toMatchObject({ ok: false, problem: { code: "invalid-input", message: expect.stringMatching(/^cannot read the GGUF header/) } });
  });
});

describe("catalogues and parsing", () => {
  it("lists the catalogue's tasks, libraries and hardware", () => {
    expect(tasks().map((task) => task.id)).toContain("text-generation");
    expect(libraries().find((library) => library.key === "transformers")?.hasSnippets).toBe(true);
    expect(hardware().some((device) => device.name === "RTX 4090")).toBe(true);
  });

  it("reads a quant label from a file name", () => {
    expect(parseQuant("Llama-3.1-8B-Instruct-Q4_K_M.gguf")).toBe("Q4_K_M");
    expect(parseQuant("README.md")).toBeNull();
  });
});

describe("the hub, as the caller gives it", () => {
  const LLAMA = "acme/Llama-3.1-8B-Instruct-GGUF";
  const header = writeGguf(llama(32_000).spec);
  const files: RepoFile[] = LLAMA_8B_QUANT_SIZES.map(([quant, size]) => ({ name: `Llama-3.1-8B-Instruct-${quant}.gguf`, size, content: header }));
  let gguf: GgufHub;
  let search: SearchHub;
  beforeAll(async () => {
    gguf = await startGgufHub({ [LLAMA]: { files, gguf: { architecture: "llama", context_length: 131072 } } });
    search = await startSearchHub();
  });
  afterAll(async () => {
    await gguf.close();
    await search.close();
  });

  it("sends every request through the fetch given, with the token", async () => {
    const seen: string[] = [];
    const counting: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const hub = { endpoint: gguf.endpoint, token: "hf_test", fetch: counting };
    const model = await getModel(LLAMA, hub, true);
    expect(model.ok && model.value.id).toBe(LLAMA);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((url) => url.startsWith(gguf.endpoint))).toBe(true);
  });

  it("takes a model's page URL as the command line does, and refuses another hub page", async () => {
    const hub = { endpoint: gguf.endpoint };
    const model = await getModel(`https://huggingface.co/${LLAMA}/tree/main`, hub);
    expect(model.ok && model.value.id).toBe(LLAMA);
    const dataset = await getModel(`https://huggingface.co/datasets/${LLAMA}`, hub);
    expect(dataset).toMatchObject({ ok: false, problem: { code: "invalid-input", message: expect.stringContaining("is not a model's page") } });
  });

  it("a missing model is a problem, not a throw", async () => {
    const result = await getModel("acme/missing", { endpoint: gguf.endpoint, settings: { retries: 0 } });
    expect(result).toMatchObject({ ok: false, problem: { code: "unavailable", message: expect.stringContaining("acme/missing") } });
  });

  it("a hub that does not answer is a problem within the deadline given", async () => {
    const hung = await startHubServer({ "acme/slow": { headersDelayMs: 60_000 } });
    try {
      const result = await getModel("acme/slow", { endpoint: hung.endpoint, settings: { retries: 0, headersTimeoutMs: 200 } });
      expect(result).toMatchObject({ ok: false, problem: { code: "unavailable" } });
    } finally {
      await hung.close();
    }
  });

  it("a GGUF header and its memory plan on named hardware", async () => {
    const facts = await getGgufHeader(LLAMA, files[0]!.name, { endpoint: gguf.endpoint });
    if (!facts.ok) throw new Error(facts.problem.message);
    expect(facts.value.architecture).toBe("llama");
    const plan = await memoryPlan(facts.value, { weights: { quant: "Q8_0", files: [files[0]!.name], bytes: files[0]!.size }, budget: "RTX 4090", ctx: 32768 });
    if (!plan.ok) throw new Error(plan.problem.message);
    expect(plan.value).toMatchObject({ fits: true, placement: "gpu", context: 32768 });
    // The same bytes, given as the file's first bytes.
    const fromBytes = await memoryPlan(header, { weights: { quant: "Q8_0", files: [files[0]!.name], bytes: files[0]!.size }, budget: "RTX 4090", ctx: 32768 });
    expect(fromBytes.ok && fromBytes.value.devices).toEqual(plan.value.devices);
    // cacheType sets both caches, in any case, as --cache-type does; the cache is then half as large.
    const q8 = await memoryPlan(facts.value, {
      weights: { quant: "Q8_0", files: [files[0]!.name], bytes: files[0]!.size },
      budget: "RTX 4090",
      ctx: 32768,
      cacheType: "Q8_0" as "q8_0",
    });
    if (!q8.ok) throw new Error(q8.problem.message);
    expect(q8.value.estimate.kvCache).toBeLessThan(plan.value.estimate.kvCache * 0.6);
  });

  it("local-app commands with a plan, as `snippet --app --fits` prints them", async () => {
    const model = await getModel(LLAMA, { endpoint: gguf.endpoint }, true);
    if (!model.ok) throw new Error(model.problem.message);
    const api = await localAppCommands(model.value, "llama.cpp", { fits: "12GB", ctx: 32768, hub: { endpoint: gguf.endpoint } });
    if (!api.ok) throw new Error(api.problem.message);
    const cli = await runInProcess(["snippet", LLAMA, "--app", "llama.cpp", "--fits", "12GB", "--ctx", "32768"], {
      env: { HF_ENDPOINT: gguf.endpoint, XDG_CACHE_HOME: undefined, HOME: undefined, HF_TOKEN: undefined },
    });
    expect(cli.status).toBe(0);
    expect(api.value.content).toBe(cli.stdout);
    expect(api.notes.join("\n")).toContain("Q5_K_M is the largest of Q4_K_M's class (up to Q8_0) that fits at 32,768 tokens");
  });

  it("carries the context and the cache types of the options into the commands, as the command line does, with or without fits", async () => {
    const model = await getModel(LLAMA, { endpoint: gguf.endpoint }, true);
    if (!model.ok) throw new Error(model.problem.message);
    const api = await localAppCommands(model.value, "llama.cpp", { ctx: 32768, cacheType: "q8_0", hub: { endpoint: gguf.endpoint } });
    if (!api.ok) throw new Error(api.problem.message);
    expect(api.value.content).toContain("-c 32768 -fa on -ctk q8_0 -ctv q8_0");
    const cli = await runInProcess(["snippet", LLAMA, "--app", "llama.cpp", "--ctx", "32k", "--cache-type", "q8_0"], {
      env: { HF_ENDPOINT: gguf.endpoint, XDG_CACHE_HOME: undefined, HOME: undefined, HF_TOKEN: undefined },
    });
    expect(api.value.content).toBe(cli.stdout);
  });

  it("refuses the machine's settings as the command line does: a bad size, an unknown preference, a preference with a file named", async () => {
    const model = await getModel(LLAMA, { endpoint: gguf.endpoint }, true);
    if (!model.ok) throw new Error(model.problem.message);
    const refused = async (options: Parameters<typeof localAppCommands>[2]) => {
      const result = await localAppCommands(model.value, "llama.cpp", { ...options, hub: { endpoint: gguf.endpoint } });
      if (result.ok) throw new Error("accepted");
      expect(result.problem.code).toBe("invalid-input");
      return result.problem.message;
    };
    expect(await refused({ fits: "RTX 3060:12", margin: "lots" })).toBe("`margin` takes a memory size such as 32GB or 16GiB, got 'lots'");
    expect(await refused({ fits: "RTX 3060:12", prefer: "fast" as never })).toBe("`prefer` takes quality or speed, got 'fast'");
    expect(await refused({ fits: "RTX 3060:12", prefer: "speed", quant: "Q4_K_M" })).toBe("`prefer` chooses the file, and `quant` names it already");
    expect(await refused({ ram: "32GB" })).toBe("`ram` goes with `fits`, the machine it is about");
  });

  it("searches with the command's filters; a bad filter is invalid input", async () => {
    const found = await searchModels({ task: "text-generation", limit: 5 }, { endpoint: search.endpoint });
    if (!found.ok) throw new Error(found.problem.message);
    expect(found.value.length).toBeGreaterThan(0);
    expect(found.value.length).toBeLessThanOrEqual(5);
    expect(found.value.every((hit) => hit.task === "text-generation")).toBe(true);
    const bad = await searchModels({ sort: "sideways" }, { endpoint: search.endpoint });
    expect(bad).toMatchObject({ ok: false, problem: { code: "invalid-input" } });
  });
});
