import { afterAll, describe, expect, it, vi } from "vitest";
import { INFERENCE_TASKS, PROVIDER_CHOICES } from "../../src/inference/id-lists.js";
import { SnippetProblem } from "../../src/inference/problem.js";
import { SAMPLE_SCHEMA, SAMPLE_TOOLS } from "../../src/inference/tools.js";
import { syntheticModel } from "../helpers/synthetic-models.js";

/*
 * The engine runs the templates the build compiled (src/inference/generated/templates.ts, by
 * src/build/templates.ts), each typed by its client's fields. A template that says what it needs
 * (`needs(it, "queue")`) stops when it is called without it: here every task, provider and option
 * reaches every template, and none stops.
 */

const calls = new Map<string, number>();

vi.mock("../../src/inference/generated/templates.js", async (importOriginal) => {
  const built = await importOriginal<{ COMPILED_TEMPLATES: Record<string, Record<string, Record<string, (it: unknown, uses: unknown) => string>>> }>();
  const counted: typeof built.COMPILED_TEMPLATES = {};
  for (const [language, clients] of Object.entries(built.COMPILED_TEMPLATES)) {
    counted[language] = {};
    for (const [client, templates] of Object.entries(clients)) {
      counted[language][client] = {};
      for (const [name, render] of Object.entries(templates)) {
        const key = `${language}/${client}/${name}`;
        counted[language][client][name] = (it, uses) => {
          calls.set(key, (calls.get(key) ?? 0) + 1);
          return render(it, uses);
        };
      }
    }
  }
  return { COMPILED_TEMPLATES: counted };
});

// The files after this one in the worker load the real templates again.
afterAll(() => {
  vi.doUnmock("../../src/inference/generated/templates.js");
  vi.resetModules();
});

describe("templates compiled at build time", () => {
  it("every template renders for some call, and none lacks a field it needs", async () => {
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
            } catch (error) {
              // A provider that does not serve the task refuses; other combinations cover its templates.
              if (!(error instanceof SnippetProblem)) throw error;
            }
          }
        }
      }
    }
    expect(snippets).toBeGreaterThan(1000);
    expect([...calls.keys()].sort()).toEqual(
      allTemplates()
        .map(({ language, client, name }) => `${language}/${client}/${name}`)
        .sort(),
    );
  });
});
