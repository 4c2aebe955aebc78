import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkSchemaOf, modelCheckModule } from "../../src/build/model-check.js";
import { ModelDataSchema } from "../../src/model/schema.js";
import { GENERATED_MODULES } from "../../src/build/generated.js";
import { quickModelCheck, readModelFile } from "../../src/model/read-model.js";
import { rejected } from "../helpers/errors.js";

const MODELS_DIR = "catalogue/models";
const examples = readdirSync(MODELS_DIR)
  .filter((file) => file.endsWith(".json"))
  .map((file) => JSON.parse(readFileSync(join(MODELS_DIR, file), "utf8")) as Record<string, unknown>);
const base = { id: "org/model", pipeline_tag: "text-generation" };

/** Metadata zod refuses: each must be left to zod, which names the field. */
const refused: [string, unknown][] = [
  ["an id with two slashes", { id: "a/b/c" }],
  ["an id with '..'", { id: "org/mo..del" }],
  ["a number id", { id: 7 }],
  ["no id", { pipeline_tag: "fill-mask" }],
  ["a number tag", { ...base, tags: ["ok", 3] }],
  ["a null pipeline tag", { ...base, pipeline_tag: null }],
  ["architectures holding a number", { ...base, config: { architectures: ["A", 3] } }],
  ["a negative file size", { ...base, siblings: [{ rfilename: "a.gguf", size: -1 }] }],
  ["a sibling without a name", { ...base, siblings: [{ size: 1 }] }],
  ["a mapping entry without a task", { ...base, inferenceProviderMapping: { together: { providerId: "x" } } }],
  [
    "a mapping list entry with a number status",
    { ...base, inferenceProviderMapping: [{ provider: "groq", providerId: "x", task: "conversational", status: 1 }] },
  ],
  ["a mapping that is a string", { ...base, inferenceProviderMapping: "together" }],
  ["transformersInfo without auto_model", { ...base, transformersInfo: { processor: "AutoTokenizer" } }],
  ["a string gguf total", { ...base, gguf: { total: "8B" } }],
  ["widgetData that is an object", { ...base, widgetData: { text: "hi" } }],
  ["a base_model list holding null", { ...base, cardData: { base_model: ["a", null] } }],
];

/** Metadata zod accepts, some of it odd. */
const accepted: [string, unknown][] = [
  ...examples.map((model): [string, unknown] => [String(model.id), model]),
  ["the least there can be", { id: "gpt2" }],
  ["unknown fields, nested too", { ...base, downloads: 3, config: { model_type: "llama", extra: { deep: [1, null] } } }],
  ["a null instance prompt", { ...base, cardData: { instance_prompt: null, base_model: ["a", "b"] } }],
  ["an unknown mapping status", { ...base, inferenceProviderMapping: { groq: { providerId: "x", task: "conversational", status: "paused" } } }],
  ["a sibling of size 0", { ...base, siblings: [{ rfilename: "a", size: 0 }] }],
];

describe("the quick model check", () => {
  it("runs the check the build generated from the current zod schema", () => {
    const generated = GENERATED_MODULES.find((module) => module.source === modelCheckModule)!;
    expect(readFileSync(generated.file, "utf8")).toBe(modelCheckModule());
  });

  it.each(accepted)("gives what zod gives for %s", (_name, value) => {
    const expected = ModelDataSchema.parse(structuredClone(value));
    expect(quickModelCheck(structuredClone(value))).toStrictEqual(expected);
  });

  it.each(refused)("leaves %s to zod", (_name, value) => {
    expect(ModelDataSchema.safeParse(structuredClone(value)).success).toBe(false);
    expect(quickModelCheck(structuredClone(value))).toBeUndefined();
  });

  it("leaves an own __proto__ key to zod, which drops it", () => {
    expect(quickModelCheck(JSON.parse('{"id": "org/model", "__proto__": {"polluted": true}}'))).toBeUndefined();
    expect(quickModelCheck(JSON.parse('{"id": "org/model", "config": {"__proto__": {"polluted": true}}}'))).toBeUndefined();
  });

  it("refuses at build time a schema it could not follow", () => {
    expect(() => checkSchemaOf(z.looseObject({ name: z.string().refine((text) => text !== "x") }))).toThrow(/refinement/);
    expect(() => checkSchemaOf(z.looseObject({ size: z.string().transform((text) => text.length) }))).toThrow(/a pipe/);
    expect(() => checkSchemaOf(z.object({ name: z.string() }))).toThrow(/not loose/);
    expect(() => checkSchemaOf(z.looseObject({ mapping: z.union([z.looseObject({ tags: z.array(z.string()).default([]) }), z.string()]) }))).toThrow(
      /default inside anyOf/,
    );
    expect(() => checkSchemaOf(z.looseObject({ names: z.array(z.string()).default([]) }))).not.toThrow();
  });
});

describe("null in model metadata", () => {
  const withNulls = {
    id: "org/model",
    pipeline_tag: "text-classification",
    library_name: null,
    tags: ["a", null],
    transformersInfo: { auto_model: "AutoModel", custom_class: null, processor: null },
    gguf: null,
    cardData: { base_model: null, license: "mit" },
  };

  it("is read as 'not set', as the hub's answers are, from a file or stdin", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hubref-nulls-"));
    const path = join(dir, "m.json");
    writeFileSync(path, JSON.stringify(withNulls));
    const model = await readModelFile(path);
    expect(model).toStrictEqual({
      id: "org/model",
      pipeline_tag: "text-classification",
      tags: ["a", null].filter((tag) => tag !== null),
      transformersInfo: { auto_model: "AutoModel" },
      cardData: { license: "mit" },
    });
  });

  it("still names a field whose value is wrong, not null", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hubref-nulls-"));
    const path = join(dir, "m.json");
    writeFileSync(path, JSON.stringify({ ...withNulls, pipeline_tag: 3 }));
    expect((await rejected(readModelFile(path))).message).toMatch(/pipeline_tag/);
  });
});
