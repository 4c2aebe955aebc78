import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSnippets } from "../../src/inference/engine.js";
import { JS_METHODS } from "../../src/inference/client-methods.js";
import type { InferenceTask } from "../../src/inference/ids.js";
import { fromExample, type TaskInput } from "../../src/inference/inputs.js";
import type { Snippet } from "../../src/inference/snippet.js";
import { exampleInput } from "../../src/tasks/example-input.js";
import { exampleFor, FAL_SAMPLE } from "../helpers/fal-sample.js";
import { isQueued, missingWireFacts, registryPairs, type Mode } from "../helpers/registry-pairs.js";
import { tokenVariable } from "../helpers/token-variables.js";
import {
  execute,
  isExecutable,
  postsOf,
  runnableStdlibClients,
  startRig,
  STDLIB_CLIENTS,
  TOKENS,
  type ExecutableCase,
  type Rig,
} from "../helpers/snippet-harness.js";
import { expectedTaskRequest, type ExpectedRequest } from "../helpers/expected-request.js";
import { plausibleReply, replyOutput } from "../helpers/fake-replies.js";
import { expectSame, LIBRARY_DIFFERS } from "../helpers/library-differences.js";
import { providerIdFor, syntheticModel } from "../helpers/synthetic-models.js";
import { fileNeeds } from "../helpers/tools.js";

/** The snippets run with python3 and requests (the curl ones start python3 too, to read JSON) and curl: without them, this file is a named skip. */
const HERE = fileNeeds("the snippets this file runs", "requests", "curl");

/*
 * Every provider and task hubref offers, routed and direct: the raw-HTTP
 * snippets (python requests, JS fetch, curl) run against the loopback server
 * and must send exactly the request the provider expects. The same calls made
 * through the real @huggingface/inference package must send it too: that
 * library is an independent implementation of the same wire format. Queued
 * jobs are e2e-queued's: it makes the same checks of their submission, and
 * follows each job to its output.
 */

interface Planned {
  provider: string;
  task: string;
  mode: Mode;
  input: TaskInput;
  providerModelId: string;
  snippets: Snippet[];
}

/** Every provider and task in the registry (chat is e2e-chat's), in each way hubref offers to call it. */
const PAIRS = registryPairs().filter((pair) => !isQueued(pair));
const CALLS = PAIRS.flatMap(({ provider, task, modes }) => modes.map((mode) => ({ provider, task, mode })));

let rig: Rig;
const plans = new Map<string, Planned>();
let outcomes: Awaited<ReturnType<typeof execute>>;

beforeAll(async () => {
  if (!HERE) return;
  rig = await startRig();
  rig.addFile(FAL_SAMPLE.path, FAL_SAMPLE.bytes);
  const cases: ExecutableCase[] = [];
  for (const { provider, task, mode } of CALLS) {
    // A model id per case: the JS library caches provider mappings by model id.
    const model = syntheticModel(task, { id: `acme/${task}-${provider}-${mode}` });
    const result = generateSnippets(model, { provider: provider as never, direct: mode === "direct" });
    const providerModelId = providerIdFor(provider, model.id);
    const plan: Planned = {
      provider,
      task,
      mode,
      input: exampleFor(provider, task, fromExample(exampleInput(model)!)),
      providerModelId,
      snippets: result.snippets,
    };
    const output = replyOutput(provider, task);
    for (const snippet of result.snippets.filter(isExecutable)) {
      const id = `${provider}|${task}|${mode}|${snippet.language}|${snippet.client}`;
      plans.set(id, plan);
      cases.push({ id, snippet, reply: plausibleReply({ task, modelId: model.id, provider, providerId: providerModelId, output }) });
    }
  }
  outcomes = await execute(rig, cases);
}, 300_000);

afterAll(async () => {
  if (!HERE) return;
  await rig.close();
});

function expectedFor(plan: Planned): ExpectedRequest {
  const token = TOKENS[tokenVariable(plan.provider, plan.mode)]!;
  return expectedTaskRequest(plan.provider, plan.task, plan.mode, {
    providerModelId: plan.providerModelId,
    token,
    input: plan.input,
    files: { [FAL_SAMPLE.path]: FAL_SAMPLE.bytes },
  });
}

it("names only registry pairs where @huggingface/inference differs", () => {
  expect(Object.keys(LIBRARY_DIFFERS).filter((pair) => !PAIRS.some(({ provider, task }) => `${provider} ${task}` === pair))).toEqual([]);
});

it("the wire fixture states the request of every provider, task and mode the registry offers", () => {
  expect(missingWireFacts()).toEqual([]);
  expect(CALLS.length).toBeGreaterThan(70);
});

/** Go, Java, Ruby and PHP run where their toolchains are; the others are named skips. */
const RAW_CLIENTS = ["python|requests", "js|fetch", "sh|curl", ...runnableStdlibClients()];
const SKIPPED = STDLIB_CLIENTS.filter((client) => !RAW_CLIENTS.includes(client));

if (SKIPPED.length > 0) it.skip(`skips ${SKIPPED.join(", ")}: no toolchain here`, () => {});

describe.each(CALLS)("$provider $task $mode", ({ provider, task, mode }) => {
  const prefix = `${provider}|${task}|${mode}`;

  it("raw-HTTP snippets send the provider's request", () => {
    for (const client of RAW_CLIENTS) {
      const id = `${prefix}|${client}`;
      const plan = plans.get(id);
      expect(plan, `${id} was generated`).toBeDefined();
      expect(outcomes.get(id), `${id}: ${outcomes.get(id)?.error}`).toMatchObject({ ok: true });
      const posts = postsOf(rig, id);
      expect(posts.length, id).toBe(1);
      expectSame(posts[0], expectedFor(plan!), id);
    }
  });

  const id = `${prefix}|js|huggingface.js`;
  const differs = LIBRARY_DIFFERS[`${provider} ${task}`];
  if (JS_METHODS[task as InferenceTask] === undefined) {
    it("has no @huggingface/inference snippet: the library has no method for the task", () => {
      expect(plans.get(`${prefix}|python|requests`)!.snippets.map((snippet) => snippet.client)).not.toContain("huggingface.js");
    });
  } else if (differs) {
    it(`@huggingface/inference differs from the provider's request: ${differs.what}`, () => {
      const plan = plans.get(id);
      expect(plan, `${id} was generated`).toBeDefined();
      differs.check(postsOf(rig, id), expectedFor(plan!), outcomes.get(id));
    });
  } else {
    it("@huggingface/inference sends the same request", () => {
      const plan = plans.get(id);
      expect(plan, `${id} was generated`).toBeDefined();
      const [first] = postsOf(rig, id);
      // The run's own error, when it sent nothing, says why.
      expectSame(first, expectedFor(plan!), first === undefined ? `${id} (${outcomes.get(id)?.error ?? "no error"})` : id);
      if (provider === "hf-inference") expect(outcomes.get(id), `${id}: ${outcomes.get(id)?.error}`).toMatchObject({ ok: true });
    });
  }
});
