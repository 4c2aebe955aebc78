import { readFileSync } from "node:fs";
import { hubFromEnv } from "../helpers/test-hub.js";
import { problemWords } from "../helpers/worded.js";
import { describe, expect, it } from "vitest";
import { NO_PROVIDER_NOTICE, modelMenu, type MenuPresets } from "../../src/blocks/menu.js";
import { parseSnippetCommand, parseSnippetOptions } from "../../src/cli/snippet-command.js";
import { runSnippet } from "../../src/cli/snippet-run.js";
import type { SnippetCommandOptions } from "../../src/cli/snippet-options.js";
import { ModelDataSchema, type ModelData } from "../../src/model/schema.js";
import { initialState, rowOptions, rowsOf, shownEntry } from "../../src/ui/state.js";
import { fakeContext } from "../helpers/context.js";
import { prepareLocal } from "../../src/local/run.js";
import { resolveModelArgument } from "../../src/model/resolve.js";
import { rejected } from "../helpers/errors.js";

/*
 * The picker's "Run locally" source against `hubref snippet MODEL --app KEY
 * --quant Q`: every choice it offers shows what the command prints.
 */

const GGUF_MODELS = ["bartowski--Llama-3.2-3B-Instruct-GGUF", "ggml-org--gemma-3-4b-it-GGUF"];
const file = (name: string) => `catalogue/models/${name}.json`;
const load = (name: string): ModelData => ModelDataSchema.parse(JSON.parse(readFileSync(file(name), "utf8")));
const OFF = { stream: false, direct: false };

function commandOptions(extra: Partial<SnippetCommandOptions>): SnippetCommandOptions {
  return { stream: false, direct: false, json: false, library: false, offline: false, refresh: false, ...extra };
}

/** The presets `hubref snippet FILE -i` parses these flags into. */
function presetsOf(raw: SnippetCommandOptions): MenuPresets {
  const command = parseSnippetCommand(["model.json"], { ...raw, interactive: true }, { interactive: true });
  if (command.mode !== "picker") throw new Error("-i parses to the picker");
  return command.presets;
}

async function printed(model: string, extra: Partial<SnippetCommandOptions>): Promise<string> {
  const { context, output } = fakeContext({}, false);
  await runSnippet([file(model)], commandOptions(extra), context);
  return output();
}

describe("the Run locally source opens where `hubref snippet MODEL --app KEY` does", () => {
  it("opens each app on the quant the command picks without --quant", async () => {
    const name = GGUF_MODELS[0]!;
    const input = await modelMenu(load(name), parseSnippetOptions(commandOptions({})));
    for (const app of ["llama.cpp", "ollama", "lmstudio"]) {
      const state = initialState({ ...input, presets: { source: "local", app } });
      expect(shownEntry(state)!.content).toBe(await printed(name, { app }));
      expect(rowOptions(state, "quant").labels[rowOptions(state, "quant").chosen]).toBe("Q4_K_M 2.02 GB");
    }
  });
});

describe("an app that runs the model but offers nothing", () => {
  it("says why on the status line: the error `snippet --app KEY` exits with", async () => {
    // A GGUF repository whose file list the metadata leaves out: apps that load one named file cannot say which.
    const model = ModelDataSchema.parse({ id: "acme/Tiny-GGUF", tags: ["gguf"], pipeline_tag: "text-generation" });
    const input = await modelMenu(model, parseSnippetOptions(commandOptions({})));
    const problems: string[] = [];
    expect(
      input
        .loadBlocks(OFF, (problem) => problems.push(typeof problem === "string" ? problem : problemWords(problem).message))
        .some((entry) => entry.source === "local"),
    ).toBe(true);
    expect(problems).toContain("vLLM loads one GGUF file, and the file list of acme/Tiny-GGUF is unknown");
    expect(initialState(input).message).toEqual({ text: expect.stringMatching(/^\S.* is unknown \(and \d+ more\)$/), tone: "warning" });
  });
});

describe("a model no inference provider serves", () => {
  it("says so in the header and offers the local apps instead of every provider", async () => {
    const input = await modelMenu(load(GGUF_MODELS[0]!), parseSnippetOptions(commandOptions({})));
    expect(input.notice).toBe(NO_PROVIDER_NOTICE);
    const entries = input.loadBlocks(OFF);
    expect(entries.filter((entry) => entry.source === "inference")).toEqual([]);
    const state = initialState(input);
    expect(shownEntry(state)).toMatchObject({ source: "local", app: "llama.cpp" });
    // Its library code (llama-cpp-python) is the other source; the picker opens on the apps.
    expect(rowsOf(state)).toEqual(["source", "app", "quant"]);
  });

  it("says so in the header of a LoRA no provider maps, and keeps its inference snippets for a provider the user picks", async () => {
    const input = await modelMenu(load("ostris--watercolor_style_lora_sdxl"), parseSnippetOptions(commandOptions({})));
    expect(input.notice).toBe(NO_PROVIDER_NOTICE);
    expect(input.loadBlocks(OFF).some((entry) => entry.source === "inference")).toBe(true);
  });

  it("keeps the inference source for a model providers serve", async () => {
    const input = await modelMenu(load("meta-llama--Llama-3.1-8B-Instruct"), parseSnippetOptions(commandOptions({})));
    expect(input.notice).toBeUndefined();
    const state = initialState(input);
    expect(rowOptions(state, "source").labels).toEqual(["Inference API", "Library", "Run locally"]);
    expect(shownEntry(state)!.source).toBe("inference");
  });
});

describe("the command line's choices open the picker on them", () => {
  const llama = load("meta-llama--Llama-3.1-8B-Instruct");

  it("--language sh --provider novita: the shell snippet for novita", async () => {
    const raw = commandOptions({ language: "sh", provider: "novita" });
    const state = initialState(await modelMenu(llama, parseSnippetOptions(raw), presetsOf(raw)));
    expect(shownEntry(state)).toMatchObject({ source: "inference", language: "sh", client: "curl", provider: "novita" });
  });

  it("--language js --client openai --stream: that client, streaming", async () => {
    const raw = commandOptions({ language: "js", client: "openai", stream: true });
    const state = initialState(await modelMenu(llama, parseSnippetOptions(raw), presetsOf(raw)));
    expect(shownEntry(state)).toMatchObject({ language: "js", client: "openai" });
    expect(state.toggles.stream).toBe(true);
  });

  it("--app and --quant: that app and quant, checked as the command checks them", async () => {
    const gguf = load(GGUF_MODELS[0]!);
    const raw = commandOptions({ app: "ollama", quant: "q5_k_m" });
    const state = initialState(await modelMenu(gguf, parseSnippetOptions(raw), presetsOf(raw)));
    expect(shownEntry(state)!.content).toBe(await printed(GGUF_MODELS[0]!, { app: "ollama", quant: "Q5_K_M" }));
    const q2 = commandOptions({ app: "ollama", quant: "Q2_K" });
    expect((await rejected(modelMenu(gguf, parseSnippetOptions(q2), presetsOf(q2)))).message).toMatch(/has no Q2_K file/);
  });

  it("--library: the library's usage code", async () => {
    const raw = commandOptions({ library: true });
    const state = initialState(await modelMenu(llama, parseSnippetOptions(raw), presetsOf(raw)));
    expect(shownEntry(state)!.source).toBe("library");
  });
});

describe("the Run locally source runs what --ctx and the cache settings ask", () => {
  it("every quant's commands carry them, as `snippet --app KEY --quant Q --ctx N` prints them", async () => {
    const name = GGUF_MODELS[0]!;
    const model = load(name);
    const raw = { app: "llama.cpp", ctx: "16k", cacheType: "q8_0" };
    const command = parseSnippetCommand([file(name)], commandOptions({ ...raw, interactive: true }), { interactive: true });
    if (command.mode !== "picker") throw new Error("-i parses to the picker");
    const hub = hubFromEnv({});
    const resolved = await resolveModelArgument(file(name), hub);
    const local = await prepareLocal(resolved, command.local, { hub });
    const menu = await modelMenu(model, parseSnippetOptions(commandOptions({})), command.presets, local);
    const blocks = menu.loadBlocks(OFF).filter((block) => block.source === "local" && block.app === "llama.cpp");
    expect(blocks.length).toBeGreaterThan(1);
    for (const block of blocks) {
      expect(block.content).toContain("-c 16384 -fa on -ctk q8_0 -ctv q8_0");
      if (block.source !== "local") continue;
      expect(block.content).toBe(await printed(name, { ...raw, quant: block.quant!.label }));
    }
  });
});
