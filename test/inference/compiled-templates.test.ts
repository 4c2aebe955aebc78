import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";
import { Eta } from "eta";
import { INFERENCE_TASKS, PROVIDER_CHOICES } from "../../src/inference/id-lists.js";
import type { TemplateFunction } from "../../src/inference/template-source.js";
import { syntheticModel } from "../helpers/synthetic-models.js";

/*
 * The CLI runs the templates the build compiled. Here the engine runs them
 * too (the stand-in module is replaced by the build's), and every call is
 * checked against eta rendering the template at run time, on the same data.
 */

const calls = new Map<string, number>();
const differences: string[] = [];

vi.mock("../../src/inference/compiled-templates.js", async () => {
  const { compiledTemplatesModule, allTemplates } = await import("../../src/build/templates.js");
  const { ETA_OPTIONS } = await import("../../src/inference/template-source.js");
  const file = join(mkdtempSync(join(tmpdir(), "hubref-templates-")), "compiled.mjs");
  writeFileSync(file, compiledTemplatesModule());
  const built = (await import(pathToFileURL(file).href)) as { COMPILED_TEMPLATES: Record<string, TemplateFunction> };
  const eta = new Eta(ETA_OPTIONS);
  const sources = new Map(allTemplates().map(({ key, source }) => [key, source]));
  const checked: Record<string, TemplateFunction> = {};
  for (const [key, compiled] of Object.entries(built.COMPILED_TEMPLATES)) {
    const atRunTime = eta.compile(sources.get(key)!);
    checked[key] = function (data) {
      const out = compiled.call(this, data);
      calls.set(key, (calls.get(key) ?? 0) + 1);
      if (out !== atRunTime.call(eta, data)) differences.push(key);
      return out;
    };
  }
  return { COMPILED_TEMPLATES: checked };
});

// The files after this one in the worker load the real templates again.
afterAll(() => {
  vi.doUnmock("../../src/inference/compiled-templates.js");
  vi.resetModules();
});

describe("templates compiled at build time", () => {
  it("render byte for byte what eta renders at run time, for every template", async () => {
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
          for (const variant of [{}, { stream: true }, { direct: true }, { billTo: "acme", token: "hf_x" }, images, { ...images, stream: true }]) {
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
