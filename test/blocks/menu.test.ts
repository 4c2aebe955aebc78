import { describe, expect, it } from "vitest";
import { modelMenu } from "../../src/blocks/menu.js";
import { settleOptions } from "../../src/inference/snippet.js";
import { initialState, rowOptions } from "../../src/ui/state.js";
import { syntheticModel } from "../helpers/synthetic-models.js";

/*
 * What `hubref snippet MODEL -i` hands the picker, without a terminal: its
 * first screen, and hubref's own errors on the status line. That its code is
 * what the command prints is test/blocks/agree.test.ts.
 */

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

  it("offers each client once for an endpoint of the user's own, chat completions or Responses, not once per provider", async () => {
    const model = syntheticModel("text-generation", { conversational: true, providers: ["together", "novita"] });
    for (const api of ["chat", "responses"] as const) {
      const state = initialState(await modelMenu(model, settleOptions({ endpointUrl: "http://127.0.0.1:8000/v1", api })));
      const clients = rowOptions(state, "client").labels;
      expect(clients, api).toEqual([...new Set(clients)]);
      expect(
        clients.some((label) => label.includes("#")),
        api,
      ).toBe(false);
      const shown = state.entries[state.selection!.index]!;
      expect(shown.content, api).toContain("http://127.0.0.1:8000/v1");
      expect(
        state.entries.filter((entry) => entry.source === "inference").every((entry) => !entry.content.includes("router.huggingface.co")),
        api,
      ).toBe(true);
    }
  });

  it("names a library's choices by what differs between them: transformers' pipeline and direct load, SAM 2's images and video", async () => {
    const libraryClients = async (library: string) => {
      // With the class in its metadata, so transformers' direct load is code, not a fallback (which is not offered).
      const model = {
        ...syntheticModel("text-generation", { providers: ["together"] }),
        library_name: library,
        transformersInfo: { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer" },
      };
      const state = initialState(await modelMenu(model, settleOptions({}), { source: "library", language: "python" }));
      return rowOptions(state, "client").labels;
    };
    expect(await libraryClients("transformers")).toEqual(["transformers (pipeline)", "transformers (direct load)"]);
    expect(await libraryClients("sam2")).toEqual(["sam2 (images)", "sam2 (video)"]);
  });

  it("lets errors that are not hubref's own through", async () => {
    const model = syntheticModel("text-classification", { providers: ["hf-inference"] });
    const input = await modelMenu(model, settleOptions({}));
    // A symbol where the engine expects text stands in for a bug: a TypeError, which is not a problem to show.
    const broken = await modelMenu(model, { ...settleOptions({}), billTo: Symbol("bug") as never });
    expect(input.loadBlocks({ stream: false, direct: false }).length).toBeGreaterThan(0);
    expect(() => broken.loadBlocks({ stream: false, direct: false })).toThrow();
  });

  it("offers what --provider takes for a chat model: auto, the router's policies, the known providers, and those the router lists live without a table in hubref", async () => {
    const model = syntheticModel("text-generation", { conversational: true, id: "acme/chat", providers: ["together"] });
    const live = (provider: string, status = "live") => ({
      provider,
      status,
      contextLength: null,
      pricing: null,
      supportsTools: null,
      supportsStructuredOutput: null,
    });
    const router = { models: new Map([["acme/chat", [live("together"), live("newcloud"), live("soon", "staging")]]]) };
    const menu = await modelMenu(model, settleOptions({ router }));
    const requests = menu.loadBlocks({ stream: false, direct: false }).filter((block) => block.source === "inference" && block.client === "requests");
    expect(requests.map((block) => block.source === "inference" && block.provider)).toEqual(["auto", "fastest", "cheapest", "together", "newcloud"]);
    expect(requests[4]!.content).toContain('"acme/chat:newcloud"');
    // Only a named provider hubref knows can be called directly.
    const direct = menu.loadBlocks({ stream: false, direct: true }).filter((block) => block.source === "inference");
    expect(new Set(direct.map((block) => block.source === "inference" && block.provider))).toEqual(new Set(["together"]));
  });

  it("opens on the router's policy the command line names", async () => {
    const model = syntheticModel("text-generation", { conversational: true, providers: ["together"] });
    const state = initialState(await modelMenu(model, settleOptions({ routerPolicy: "cheapest" })));
    expect(state.prefs.provider).toBe("cheapest");
  });
});
