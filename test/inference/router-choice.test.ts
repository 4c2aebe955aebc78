import { describe, expect, it } from "vitest";
import { wordedSnippets } from "../helpers/worded.js";
import { syntheticModel } from "../helpers/synthetic-models.js";

/*
 * Who chooses the provider of a routed chat: with auto the router does (the
 * model alone), with fastest or cheapest the router does by that policy
 * (`model:fastest`), and a named provider is pinned (`model:provider`).
 */

const ONE_PROVIDER = syntheticModel("text-generation", { conversational: true, id: "acme/one-provider-chat", providers: ["together"] });
const TASK = syntheticModel("text-to-image", { id: "acme/one-provider-image", providers: ["fal-ai"] });

function modelLine(options: Parameters<typeof wordedSnippets>[1]): string | undefined {
  const { snippets } = wordedSnippets(ONE_PROVIDER, { language: "js", client: "openai", ...options });
  return snippets[0]?.content.split("\n").find((line) => line.includes("model:"));
}

describe("the provider of a routed chat", () => {
  it("with auto, names the model alone even when one provider serves it, so the router chooses", () => {
    expect(modelLine({})).toBe('    model: "acme/one-provider-chat",');
    expect(wordedSnippets(ONE_PROVIDER, {}).snippets.every((snippet) => snippet.provider === "auto")).toBe(true);
  });

  it("names the router's policy after the model, in chat and in the Responses API", () => {
    expect(modelLine({ routerPolicy: "fastest" })).toBe('    model: "acme/one-provider-chat:fastest",');
    expect(modelLine({ routerPolicy: "cheapest", api: "responses" })).toBe('    model: "acme/one-provider-chat:cheapest",');
  });

  it("pins a named provider", () => {
    expect(modelLine({ provider: "together" })).toBe('    model: "acme/one-provider-chat:together",');
  });

  it("leaves out the hub clients with a policy, which choose the provider themselves", () => {
    const { snippets, problems } = wordedSnippets(ONE_PROVIDER, { routerPolicy: "fastest", client: "huggingface_hub" });
    expect(snippets).toEqual([]);
    expect(problems).toEqual(["huggingface_hub chooses the provider itself: --provider fastest needs a client that calls the router's chat route"]);
  });

  it("refuses a policy for a task that is not chat, and still pins the one provider of such a task", () => {
    const { snippets, problems, hints } = wordedSnippets(TASK, { routerPolicy: "cheapest" });
    expect(snippets).toEqual([]);
    expect(problems).toEqual(["acme/one-provider-image: --provider cheapest is the router's choice among chat providers, and text-to-image is not chat"]);
    expect(hints).toEqual(["name a provider with --provider, or leave it out"]);
    expect(wordedSnippets(TASK, {}).snippets[0]?.provider).toBe("fal-ai");
  });
});
