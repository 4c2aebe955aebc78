import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSnippets } from "../../src/inference/engine.js";
import { JS_METHODS } from "../../src/inference/client-methods.js";
import type { InferenceTask } from "../../src/inference/ids.js";
import { fromExample, type TaskInput } from "../../src/inference/inputs.js";
import type { Snippet } from "../../src/inference/snippet.js";
import { exampleInput } from "../../src/tasks/example-input.js";
import { fileRef } from "../../src/inference/payload.js";
import { execute, isExecutable, postsOf, startRig, TOKENS, type ExecutableCase, type Rig, type SentRequest } from "../helpers/snippet-harness.js";
import { expectedTaskRequest, WIRE, type ExpectedRequest } from "../helpers/expected-request.js";
import { plausibleReply, replyOutput } from "../helpers/fake-replies.js";
import { providerIdFor, syntheticModel } from "../helpers/synthetic-models.js";

/*
 * Every provider and task hubref offers, routed and direct: the raw-HTTP
 * snippets (python requests, JS fetch, curl) run against the loopback server
 * and must send exactly the request the provider expects. The same calls made
 * through the real @huggingface/inference package must send it too: that
 * library is an independent implementation of the same wire format.
 */

type Mode = "routed" | "direct";

interface Planned {
  provider: string;
  task: string;
  mode: Mode;
  input: TaskInput;
  providerModelId: string;
  snippets: Snippet[];
}

const PAIRS = Object.entries(WIRE).flatMap(([provider, tasks]) => Object.keys(tasks).filter((task) => task !== "conversational").map((task) => ({ provider, task })));

function tokenVariable(provider: string, mode: Mode): string {
  return mode === "routed" || provider === "hf-inference" ? "HF_TOKEN" : `${provider.toUpperCase().replace(/-/g, "_")}_API_KEY`;
}

/*
 * Where the JS library does not send what the provider expects, hubref keeps
 * to the provider: extra fields, or a client-side refusal of the sample file.
 */
const LIBRARY_DIFFERS = new Set(["together text-generation", "scaleway text-generation", "fal-ai automatic-speech-recognition", "fal-ai audio-to-audio"]);

/** fal refuses the tasks' FLAC sample, so its example names an MP3 file of the same name (which the user supplies). */
const FAL_SAMPLE = { path: "sample1.mp3", bytes: Buffer.concat([Buffer.from("ID3"), Buffer.from([3, 0, 0, 0, 0, 0, 0xff, 0xfb])]) };
const EXAMPLE_FILES: Record<string, string> = { "fal-ai automatic-speech-recognition": FAL_SAMPLE.path, "fal-ai audio-to-audio": FAL_SAMPLE.path };

function exampleFor(provider: string, task: string, example: TaskInput): TaskInput {
  const path = EXAMPLE_FILES[`${provider} ${task}`];
  return path !== undefined && example.kind === "file" ? { kind: "file", file: fileRef(path, example.file.media) } : example;
}

let rig: Rig;
const plans = new Map<string, Planned>();
let outcomes: Awaited<ReturnType<typeof execute>>;

beforeAll(async () => {
  rig = await startRig();
  rig.addFile(FAL_SAMPLE.path, FAL_SAMPLE.bytes);
  const cases: ExecutableCase[] = [];
  for (const { provider, task } of PAIRS) {
    for (const mode of ["routed", "direct"] as const) {
      if (!WIRE[provider]![task]![mode]) continue;
      // A model id per case: the JS library caches provider mappings by model id.
      const model = syntheticModel(task, { id: `acme/${task}-${provider}-${mode}` });
      const result = generateSnippets(model, { provider: provider as never, direct: mode === "direct" });
      const providerModelId = providerIdFor(provider, model.id);
      const plan: Planned = { provider, task, mode, input: exampleFor(provider, task, fromExample(exampleInput(model)!)), providerModelId, snippets: result.snippets };
      const output = replyOutput(provider, task);
      for (const snippet of result.snippets.filter(isExecutable)) {
        const id = `${provider}|${task}|${mode}|${snippet.language}|${snippet.client}`;
        plans.set(id, plan);
        cases.push({ id, snippet, reply: plausibleReply({ task, modelId: model.id, provider, providerId: providerModelId, output }) });
      }
    }
  }
  outcomes = await execute(rig, cases);
}, 120_000);

afterAll(async () => {
  await rig.close();
});

function expectSame(actual: SentRequest | undefined, expected: ExpectedRequest, label: string): void {
  expect(actual, `${label}: no request`).toBeDefined();
  expect(actual!.method, label).toBe(expected.method);
  expect(actual!.url, label).toBe(expected.url);
  for (const [name, value] of Object.entries(expected.headers)) expect(actual!.headers[name], `${label}: header ${name}`).toBe(value);
  if (expected.bytes) expect(actual!.bytes.equals(expected.bytes), `${label}: body bytes`).toBe(true);
  else expect(actual!.json, `${label}: body`).toEqual(expected.json);
}

function expectedFor(plan: Planned): ExpectedRequest {
  const token = TOKENS[tokenVariable(plan.provider, plan.mode)]!;
  return expectedTaskRequest(plan.provider, plan.task, plan.mode, { providerModelId: plan.providerModelId, token, input: plan.input, files: { [FAL_SAMPLE.path]: FAL_SAMPLE.bytes } });
}

describe.each(PAIRS)("$provider $task", ({ provider, task }) => {
  it.each(["routed", "direct"] as const)("%s: raw-HTTP snippets send the provider's request", (mode) => {
    if (!WIRE[provider]![task]![mode]) return;
    for (const client of ["python|requests", "js|fetch", "sh|curl"]) {
      const id = `${provider}|${task}|${mode}|${client}`;
      const plan = plans.get(id);
      expect(plan, `${id} was generated`).toBeDefined();
      expect(outcomes.get(id), `${id}: ${outcomes.get(id)?.error}`).toMatchObject({ ok: true });
      const posts = postsOf(rig, id);
      expect(posts.length, id).toBe(1);
      expectSame(posts[0], expectedFor(plan!), id);
    }
  });

  it.each(["routed", "direct"] as const)("%s: @huggingface/inference sends the same request", (mode) => {
    if (!WIRE[provider]![task]![mode] || LIBRARY_DIFFERS.has(`${provider} ${task}`)) return;
    const id = `${provider}|${task}|${mode}|js|huggingface.js`;
    const plan = plans.get(id);
    if (plan === undefined) {
      // Only a task the library has no method for goes without its snippet.
      expect(JS_METHODS[task as InferenceTask]).toBeUndefined();
      return;
    }
    const [first] = postsOf(rig, id);
    expectSame(first, expectedFor(plan), id);
    if (provider === "hf-inference") expect(outcomes.get(id), `${id}: ${outcomes.get(id)?.error}`).toMatchObject({ ok: true });
  });
});
