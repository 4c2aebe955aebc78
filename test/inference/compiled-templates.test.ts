import { afterAll, describe, expect, it, vi } from "vitest";
import { Eta } from "eta";
import { INFERENCE_TASKS, PROVIDER_CHOICES } from "../../src/inference/id-lists.js";
import type { TemplateFunction } from "../../src/inference/template-source.js";
import { SAMPLE_SCHEMA, SAMPLE_TOOLS } from "../../src/inference/tools.js";
import { syntheticModel } from "../helpers/synthetic-models.js";

/*
 * The engine runs the templates the build compiled (src/inference/generated/templates.ts, without eta's
 * unused helpers: src/build/templates.ts). Here every call is also checked against eta itself compiling
 * the template's source, on the same data.
 */

const calls = new Map<string, number>();
const differences: string[] = [];

vi.mock("../../src/inference/generated/templates.js", async (importOriginal) => {
  const built = await importOriginal<{ COMPILED_TEMPLATES: Record<string, TemplateFunction> }>();
  const { allTemplates, ETA_OPTIONS } = await import("../../src/build/templates.js");
  const eta = new Eta(ETA_OPTIONS);
  const sources = new Map(allTemplates().map(({ key, source }) => [key, source]));
  const checked: Record<string, TemplateFunction> = {};
  for (const [key, compiled] of Object.entries(built.COMPILED_TEMPLATES)) {
    const byEta = eta.compile(sources.get(key)!);
    checked[key] = function (data) {
      const out = compiled.call(this, data);
      calls.set(key, (calls.get(key) ?? 0) + 1);
      if (out !== byEta.call(eta, data)) differences.push(key);
      return out;
    };
  }
  return { COMPILED_TEMPLATES: checked };
});

// The files after this one in the worker load the real templates again.
afterAll(() => {
  vi.doUnmock("../../src/inference/generated/templates.js");
  vi.resetModules();
});

describe("templates compiled at build time", () => {
  it("render byte for byte what eta renders, for every template", async () => {
    // Test files share their worker's modules: an engine another file loaded holds the real templates.
    vi.resetModules();
    const { generateSnippets } = await import("../../src/inference/engine.js");
    const { allTemplates } = await import("../../src/build/templates.js");
    let snippets = 0;
    for (const task of INFERENCE_TASKS) {
      for (const conversational of task === "text-generation" || task === "image-text-to-text" ? [false, true] : [false]) {
        const model = syntheticModel(task, { conversational });
        for (const provider of PROVIDER_CHOICES) {
          // --image (vision chat only; other models refuse it) reaches the chat templates' image partials.
          const images = { images: ["cats.jpg", "https://example.com/a.png", "invoice.png"] };
          // --tools (whole, streamed, with images) and --schema reach the tools templates and the structured replies.
          const tools = { tools: { tools: SAMPLE_TOOLS, sample: true } };
          const schema = { schema: { schema: SAMPLE_SCHEMA, sample: true } };
          const chatVariants = conversational ? [tools, { ...tools, stream: true }, { ...tools, ...images, billTo: "acme" }, schema] : [];
          const responses = { api: "responses" } as const;
          for (const variant of [
            {},
            { stream: true },
            { direct: true },
            { billTo: "acme", token: "hf_x" },
            images,
            { ...images, stream: true },
            ...chatVariants,
            responses,
            { ...responses, stream: true, reasoningEffort: "low" as const },
            { ...responses, ...images, billTo: "acme", token: "hf_x" },
            // The Responses tool loop (whole, streamed, with images) and its structured reply.
            ...(conversational
              ? [
                  { ...responses, ...tools },
                  { ...responses, ...tools, stream: true },
                  { ...responses, ...tools, ...images, billTo: "acme" },
                  { ...responses, ...schema },
                ]
              : []),
          ]) {
            if (provider === "auto" && "direct" in variant) continue;
            try {
              snippets += generateSnippets(model, { provider, ...variant }).snippets.length;
            } catch {
              // A provider that does not serve the task refuses; other combinations cover its templates.
            }
          }
        }
      }
    }
    expect(snippets).toBeGreaterThan(1000);
    expect(differences).toEqual([]);
    expect([...calls.keys()].sort()).toEqual(
      allTemplates()
        .map(({ key }) => key)
        .sort(),
    );
  });
});
