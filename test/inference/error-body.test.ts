import { afterAll, beforeAll, expect, it } from "vitest";
import { generateSnippets } from "../../src/inference/engine.js";
import type { SnippetOptions } from "../../src/inference/snippet.js";
import { execute, isExecutable, startRig, type ExecutableCase, type Rig } from "../helpers/snippet-harness.js";
import { syntheticModel } from "../helpers/synthetic-models.js";
import { fileNeeds } from "../helpers/tools.js";

/** The snippets run with python3 and requests (the curl ones start python3 too, to read JSON) and curl: without them, this file is a named skip. */
const HERE = fileNeeds("the snippets this file runs", "requests", "curl");

/*
 * A refused request: every raw-HTTP client stops with the provider's own
 * words (the reply's body), not only its status. The shell's are
 * curl-output.test.ts's: this harness does not keep a script's output.
 */

/** Written over lines, as some providers do: a streaming client that reads line by line must not drop them. */
const BODY = '{\n  "error": "Invalid credentials in Authorization header",\n  "code": "hubref-refusal-marker"\n}\n';

const CALLS: { name: string; task: string; options: SnippetOptions; conversational?: boolean }[] = [
  { name: "chat", task: "text-generation", conversational: true, options: { provider: "together" } },
  { name: "chat stream", task: "text-generation", conversational: true, options: { provider: "together", stream: true } },
  { name: "text-classification", task: "text-classification", options: { provider: "hf-inference" } },
  { name: "text-to-image", task: "text-to-image", options: { provider: "hf-inference" } },
];

let rig: Rig;
let cases: ExecutableCase[];
let outcomes: Awaited<ReturnType<typeof execute>>;

beforeAll(async () => {
  if (!HERE) return;
  rig = await startRig();
  cases = CALLS.flatMap(({ name, task, options, conversational }) => {
    const model = syntheticModel(task, { conversational: conversational === true, id: `acme/${name.replaceAll(" ", "-")}` });
    return generateSnippets(model, options)
      .snippets.filter((snippet) => isExecutable(snippet) && snippet.language !== "sh" && snippet.client !== "huggingface.js" && snippet.client !== "openai")
      .map((snippet) => ({ id: `${name} ${snippet.language} ${snippet.client}`, snippet, reply: () => ({ status: 401, body: BODY }) }));
  });
  outcomes = await execute(rig, cases);
}, 300_000);

afterAll(async () => {
  if (!HERE) return;
  await rig.close();
});

it("runs a refused call in every raw-HTTP client here", () => {
  expect(cases.map((item) => item.id)).toEqual(
    expect.arrayContaining(["chat stream php curl", "chat stream python requests", "text-to-image python requests"]),
  );
});

it("prints the provider's error body and fails, in every client", () => {
  const silent = cases
    .map((item) => ({ id: item.id, outcome: outcomes.get(item.id)! }))
    .filter(({ outcome }) => outcome.ok || !`${outcome.error ?? ""}${outcome.stdout ?? ""}`.includes("hubref-refusal-marker"))
    .map(({ id, outcome }) => `${id}: ${outcome.ok ? "exited 0" : outcome.error?.split("\n").slice(-3).join(" | ")}`);
  expect(silent).toEqual([]);
});
