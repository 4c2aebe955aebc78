import { describe, expect, it } from "vitest";
import { getRouterFacts, inferenceSnippets, type RouterFacts } from "../../src/api/index.js";
import { startRouterServer } from "../helpers/router-server.js";
import { syntheticModel } from "../helpers/synthetic-models.js";

/*
 * The library's side of the --tools/--schema check: inferenceSnippets takes
 * the router's list as plain data and decides as the command line does, and
 * getRouterFacts reads the list (or says why there is none).
 */

const CHAT = syntheticModel("text-generation", { conversational: true, id: "acme/chat", providers: ["together", "groq"] });
const entry = (provider: string, tools: boolean) => ({
  provider,
  status: "live",
  contextLength: null,
  pricing: null,
  supportsTools: tools,
  supportsStructuredOutput: false,
});
const ROUTER: RouterFacts = { models: new Map([["acme/chat", [entry("together", false), entry("groq", true)]]]) };

describe("inferenceSnippets with the router's list", () => {
  it("refuses a provider without the feature, naming the ones with it", () => {
    const result = inferenceSnippets(CHAT, { tools: { tools: [], sample: true }, provider: "together", router: ROUTER, client: "fetch" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // In the library's words: its options, not the command line's flags.
    expect(result.problem.message).toBe("acme/chat: together does not take tool calls (`tools`), as the router lists it");
    expect(result.problem.hint).toMatch(/^providers that do: groq \(choose with `provider`\)$/);
  });

  it("with auto, pins one that has it and says so in a note", () => {
    const result = inferenceSnippets(CHAT, { tools: { tools: [], sample: true }, router: ROUTER, client: "fetch" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value[0]!.provider).toBe("groq");
    expect(result.value[0]!.content).toContain('"acme/chat:groq"');
    expect(result.notes.some((note) => note.includes("pinned to groq"))).toBe(true);
  });

  it("refuses the router's policies with tools", () => {
    const result = inferenceSnippets(CHAT, { tools: { tools: [], sample: true }, routerPolicy: "cheapest", router: ROUTER, client: "fetch" });
    expect(result.ok).toBe(false);
  });
});

describe("getRouterFacts", () => {
  it("reads the router's list, and says why there is none when the router fails", async () => {
    const router = await startRouterServer();
    try {
      const facts = await getRouterFacts({ router: router.endpoint });
      expect("models" in facts && facts.models.get("acme/chat")?.map((provider) => provider.provider)).toEqual(["together", "newcloud", "cerebras"]);
      router.answer({ status: 500, body: { error: "down" } });
      const none = await getRouterFacts({ router: router.endpoint, settings: { retries: 0 } });
      // Why there is none is data: the problem that stopped the read, or no router to ask.
      expect("unavailable" in none && none.unavailable).toMatchObject({ kind: "router-failed", problem: { kind: "hub-status", status: 500 } });
      expect(await getRouterFacts({ endpoint: "http://127.0.0.1:9" })).toEqual({ unavailable: { kind: "no-router" } });
    } finally {
      await router.close();
    }
  });
});
