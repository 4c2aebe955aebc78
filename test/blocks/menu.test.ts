import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { modelMenu } from "../../src/blocks/menu.js";
import { parseSnippetOptions } from "../../src/cli/snippet-command.js";
import type { SnippetCommandOptions } from "../../src/cli/snippet-options.js";
import { generateSnippets, onlyRunsLocally } from "../../src/inference/engine.js";
import { settleOptions } from "../../src/inference/snippet.js";
import { ModelDataSchema, type ModelData } from "../../src/model/schema.js";
import { initialState } from "../../src/ui/state.js";
import type { MenuToggles } from "../../src/ui/types.js";
import { syntheticModel } from "../helpers/synthetic-models.js";

/*
 * What `hubref snippet MODEL -i` hands the picker, without a terminal: the
 * same code as the command prints, and hubref's own errors on the status line.
 */

const MODELS_DIR = "catalogue/models";
const models: ModelData[] = readdirSync(MODELS_DIR).map((file) => ModelDataSchema.parse(JSON.parse(readFileSync(`${MODELS_DIR}/${file}`, "utf8"))));
const TOGGLES: MenuToggles[] = [false, true].flatMap((stream) => [false, true].map((direct) => ({ stream, direct })));

function commandOptions(extra: Partial<SnippetCommandOptions>): SnippetCommandOptions {
  return { stream: false, direct: false, json: false, library: false, offline: false, refresh: false, ...extra };
}

describe("the picker and the command agree", () => {
  it.each(models.map((model) => [model.id, model] as const))("%s: every combination the picker offers is what the command prints", async (_id, model) => {
    const input = await modelMenu(model, parseSnippetOptions(commandOptions({})));
    let compared = 0;
    for (const toggles of TOGGLES) {
      for (const entry of input.loadBlocks(toggles)) {
        if (entry.source !== "inference") continue;
        const options = parseSnippetOptions(commandOptions({ language: entry.language, client: entry.client, provider: entry.provider, ...toggles }));
        const [printed] = generateSnippets(model, options).snippets;
        expect(printed?.content, `${entry.language}/${entry.client}/${entry.provider} ${JSON.stringify(toggles)}`).toBe(entry.content);
        compared++;
      }
    }
    // Models without inference snippets (library-only ones) offer none, nor do models only local apps run; the others offer some.
    if (onlyRunsLocally(model)) expect(compared).toBe(0);
    else if (model.pipeline_tag !== undefined && generateSnippets(model, {}).snippets.length > 0) expect(compared).toBeGreaterThan(0);
  });
});

describe("the picker's first screen", () => {
  it("opens with streaming on when the command line says --stream", async () => {
    const model = syntheticModel("text-generation", { conversational: true, providers: ["together"] });
    const state = initialState(await modelMenu(model, settleOptions({ stream: true })));
    expect(state.toggles).toEqual({ stream: true, direct: false });
    expect(state.entries.find((entry) => entry.source === "inference" && entry.client === "requests")?.content).toContain("stream=True");
  });

  it("shows why snippets are missing on the status line instead of dropping them silently", async () => {
    const model = syntheticModel("question-answering", { providers: ["hf-inference"] });
    const state = initialState(await modelMenu(model, settleOptions({ inputs: '{"question": "only"}' })));
    expect(state.entries.filter((entry) => entry.source === "inference")).toEqual([]);
    expect(state.message).toEqual({ text: "--inputs for question-answering takes a JSON object with the fields question, context", tone: "warning" });
  });

  it("lets errors that are not hubref's own through", async () => {
    const model = syntheticModel("text-classification", { providers: ["hf-inference"] });
    const input = await modelMenu(model, settleOptions({}));
    // A symbol where the engine expects text stands in for a bug: a TypeError, which is not a problem to show.
    const broken = await modelMenu(model, { ...settleOptions({}), billTo: Symbol("bug") as never });
    expect(input.loadBlocks({ stream: false, direct: false }).length).toBeGreaterThan(0);
    expect(() => broken.loadBlocks({ stream: false, direct: false })).toThrow();
  });
});
