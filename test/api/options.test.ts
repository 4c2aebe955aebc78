import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as hubref from "../../src/api/index.js";
import type { ModelData, Result } from "../../src/api/index.js";

/*
 * The library from JavaScript, where no compiler holds a caller to the
 * types: every wrong call is a failure value naming the option (and the
 * function), never a throw. The calls below are typed `any` on purpose.
 */

const chat: ModelData = JSON.parse(readFileSync("catalogue/models/meta-llama--Llama-3.1-8B-Instruct.json", "utf8"));
const api = hubref as unknown as Record<string, (...args: unknown[]) => Result<unknown> | Promise<Result<unknown>>>;
const weights = { files: ["m.gguf"], bytes: 4e9 };

/** [the call, its arguments, what the message must say]. */
const WRONG_CALLS: [string, unknown[], RegExp][] = [
  ["inferenceSnippets", [chat, { tools: true }], /^inferenceSnippets\(\): `tools` takes an object, got true\nmake it with toolOptions\(\)/],
  ["inferenceSnippets", [chat, { language: "cobol" }], /^inferenceSnippets\(\): `language` takes one of "python", .*got "cobol"/],
  ["inferenceSnippets", [chat, { langauge: "python" }], /^inferenceSnippets\(\): unknown option `langauge`/],
  ["inferenceSnippets", [chat, { stream: "yes" }], /`stream` takes a boolean, got "yes"/],
  ["inferenceSnippets", [chat, { images: "cat.jpg" }], /`images` takes an array, got "cat.jpg"/],
  ["inferenceSnippets", [chat, { tools: { tools: [{ type: "function" }], sample: false } }], /`tools\.tools\.0\.function` takes an object/],
  ["inferenceSnippets", [null], /^inferenceSnippets\(\): `model` takes an object, got null/],
  ["inferenceSnippets", [{ pipeline_tag: "text-generation" }], /`model\.id` takes a string, got nothing/],
  ["inferenceSnippets", [chat, "python"], /`options` takes an object, got "python"/],
  ["describeModel", ["meta-llama/Llama-3.1-8B-Instruct"], /^describeModel\(\): `model` takes an object/],
  ["memoryPlan", [new Uint8Array(8), { weights, budget: "12GB", fits: 12 }], /^memoryPlan\(\): unknown option `fits`/],
  ["memoryPlan", [new Uint8Array(8), { weights, budget: 12 }], /^memoryPlan\(\): `budget` takes an object or a string, got 12/],
  ["memoryPlan", [new Uint8Array(8), { weights: { files: "m.gguf", bytes: 1 }, budget: "12GB" }], /`weights\.files` takes an array/],
  ["memoryPlan", ["header", { weights, budget: "12GB" }], /^memoryPlan\(\): `header` takes/],
  ["memoryPlan", [new Uint8Array(8), { weights, budget: "12GB", ctx: "32k" }], /`ctx` takes a number or one of "max", "fit", got "32k"/],
  ["localAppCommands", [chat, "llama.cpp", { fits: 12 }], /^localAppCommands\(\): `fits` takes a string, got 12/],
  ["localAppCommands", [chat, "llama.cpp", { cacheType: 8 }], /`cacheType` takes a string, got 8/],
  ["localAppCommands", [chat, "llama.cpp", { hub: { endpiont: "http://x" } }], /unknown option `hub\.endpiont`.*\n?.*did you mean `hub\.endpoint`/],
  ["localAppCommands", [chat, { app: "llama.cpp" }], /^localAppCommands\(\): `app` takes a string, got an object/],
  ["libraryCode", [chat, { language: "go" }], /^libraryCode\(\): `language` takes one of "python", "js", "sh", got "go"/],
  ["searchModels", [{ limt: 5 }], /^searchModels\(\): unknown option `filters\.limt`/],
  ["searchModels", [{ gguf: "yes" }], /`filters\.gguf` takes a boolean/],
  ["searchModels", [{}, { retries: 2 }], /unknown option `hub\.retries`/],
  ["getModel", [42], /^getModel\(\): `id` takes a string, got 42/],
  ["getModel", ["a/b", {}, "yes"], /^getModel\(\): `sizes` takes a boolean/],
  ["getGgufHeader", ["a/b", undefined], /^getGgufHeader\(\): `file` takes a string, got nothing/],
  ["modelsThatFit", [{}, { ram: "32GB" }], /^modelsThatFit\(\): `fits` takes a string, got nothing/],
  [
    "servePlan",
    ["meta-llama/Llama-3.1-8B-Instruct", { fits: "RTX 4090", gpuMemoryUtilisation: 0.9 }],
    /^servePlan\(\): unknown option `gpuMemoryUtilisation`.*\n?.*did you mean `gpuMemoryUtilization`/,
  ],
  ["servePlan", ["meta-llama/Llama-3.1-8B-Instruct", { fits: 24 }], /^servePlan\(\): `fits` takes a string, got 24/],
];

describe("wrong calls from JavaScript", () => {
  it.each(WRONG_CALLS)("%s(%j)", async (name, args, message) => {
    const call = api[name]!;
    let result: Result<unknown> | undefined;
    expect(() => {
      const made = call(...args);
      if (made instanceof Promise) made.then((value) => (result = value));
      else result = made;
    }).not.toThrow();
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(result, `${name} answered`).toBeDefined();
    expect(result!.ok).toBe(false);
    if (result!.ok) return;
    expect(result!.problem.code).toBe("invalid-input");
    expect(result!.problem.kind).toMatch(/^option-(unknown|invalid)$/);
    expect(`${result!.problem.message}\n${result!.problem.hint ?? ""}`).toMatch(message);
  });

  it("parseQuant of no string is null, not a throw", () => {
    expect((hubref.parseQuant as (name: unknown) => string | null)(42)).toBeNull();
  });

  it("right calls still pass: the schemas take what the types allow", async () => {
    const made = hubref.inferenceSnippets(chat, { language: "python", client: "openai", ...(hubref.toolOptions(true) as { ok: true; value: object }).value });
    expect(made.ok).toBe(true);
  });
});

describe("values the library cannot take, as problems", () => {
  it("fits auto, which measures the command line's machine, and an engine hubref has no plan for", async () => {
    const auto = await hubref.localAppCommands(chat, "llama.cpp", { fits: "auto" });
    expect(auto.ok === false && auto.problem.message).toBe("`fits`: auto measures the machine the command line runs on; give a size or hardware by name");
    const engine = await hubref.servePlan(chat, { fits: "RTX 4090", engine: "tgi" });
    expect(engine.ok === false && engine.problem.message).toBe("`engine` takes vllm, sglang, mlx-lm, got 'tgi'");
  });
});
