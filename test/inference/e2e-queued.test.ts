import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSnippets } from "../../src/inference/engine.js";
import { fromExample } from "../../src/inference/inputs.js";
import type { Snippet } from "../../src/inference/snippet.js";
import { exampleInput } from "../../src/tasks/example-input.js";
import { tokenVariable } from "../helpers/token-variables.js";
import { exampleFor, FAL_SAMPLE } from "../helpers/fal-sample.js";
import { expectSame } from "../helpers/library-differences.js";
import { isQueued, registryPairs, type Mode } from "../helpers/registry-pairs.js";
import { execute, runnableStdlibClients, SAMPLE_FILES, sent, startRig, TOKENS, type ExecutableCase, type Rig } from "../helpers/snippet-harness.js";
import { expectedTaskRequest } from "../helpers/expected-request.js";
import { mappingReply } from "../helpers/fake-replies.js";
import type { ReceivedRequest, Reply } from "../helpers/inference-server.js";
import { syntheticModel } from "../helpers/synthetic-models.js";
import {
  expectedResultUrl,
  expectedStatusUrl,
  FAILURE_MESSAGE,
  FILE_HOST,
  OUTPUT_URL,
  outputFileFor,
  queueResponder,
  type Scenario,
} from "../helpers/queue-simulator.js";
import type { RunOutcome } from "../helpers/snippet-runners.js";
import { fileNeeds } from "../helpers/tools.js";

/** The snippets run with python3 and requests (the curl ones start python3 too, to read JSON) and curl: without them, this file is a named skip. */
const HERE = fileNeeds("the snippets this file runs", "requests", "curl");

/*
 * Every provider and task that runs as a queued job, routed and direct, with
 * every client that can run here: the snippet submits the job, polls it
 * until it is done, downloads the output without any token and saves exactly
 * the served bytes under a name from their content type. Then what goes
 * wrong: a failed job, a job that never finishes, a server error on one poll,
 * fal's failed job that says COMPLETED, and Replicate's prediction that
 * outlives the `Prefer: wait` window (the default scenario) or does not.
 */

/** Every queued route in the registry (e2e-providers leaves them to this file). */
const PAIRS = registryPairs().filter(isQueued);
/** Go, Java, Ruby and PHP where their toolchains are (e2e-providers names the ones skipped). */
const RAW_CLIENTS = ["python|requests", "js|fetch", "sh|curl", ...runnableStdlibClients()];
/** curl's never-ending job: a hundred polls or more, each a curl and a python3, so one provider shows it. */
const NEVER_ENDING_IN_CURL = "together";
/**
 * The clients whose never-ending job runs for every provider. Go, Java, Ruby and PHP show it for one, as curl
 * does: their loop's bound is the template's, the same for every provider, and each of its hundred-odd polls is
 * a request to the loopback server.
 */
const FULL_NEVER = ["python|requests", "js|fetch"];

/** fal's app is the first two segments: a three-segment id shows the job is not looked for under the whole id. */
const providerModelIdFor = (provider: string, task: string) => (provider === "fal-ai" ? `fal-org/${task}-app/v2` : `${provider}-org/${task}-served`);

/** A WAV file in a reply that is not queued. */
const WAV_REPLY = Buffer.concat([Buffer.from("RIFF"), Buffer.from([4, 0, 0, 0]), Buffer.from("WAVE")]);

interface Planned {
  id: string;
  provider: string;
  task: string;
  mode: Mode;
  client: string;
  scenario: Scenario;
  snippet: Snippet;
  providerModelId: string;
  /** Its own folder: the file it saves is looked for there. */
  dir: string;
}

let rig: Rig;
let outcomes: Map<string, RunOutcome>;
const planned = new Map<string, Planned>();

function tokenFor(provider: string, mode: Mode): string {
  return TOKENS[tokenVariable(provider, mode)]!;
}

function snippetsFor(provider: string, task: string, mode: Mode, modelId: string): Snippet[] {
  const model = syntheticModel(task, { id: modelId, providers: [provider] });
  const options = { provider: provider as never, direct: mode === "direct", providerModelId: providerModelIdFor(provider, task) };
  const result = generateSnippets(model, options);
  return result.snippets;
}

/** Which cases run: every combination when done, and the failure scenarios on a few. */
function scenariosFor(provider: string, task: string, mode: Mode, client: string): Scenario[] {
  const scenarios: Scenario[] = [];
  const library = client === "js|huggingface.js";
  const first = PAIRS.find((pair) => pair.provider === provider)!.task === task;
  // @huggingface/inference does not poll a Replicate prediction (it relies on the wait window): its snippet does.
  scenarios.push("done");
  if (library) return provider === "replicate" && first && mode === "routed" ? [...scenarios, "ready", "failed"] : scenarios;
  if (first && mode === "routed") scenarios.push("failed");
  if (first && mode === "routed" && (FULL_NEVER.includes(client) || provider === NEVER_ENDING_IN_CURL)) scenarios.push("never");
  if (first && mode === "direct") scenarios.push("poll-5xx");
  if (provider === "replicate" && first) scenarios.push("ready");
  return scenarios;
}

beforeAll(async () => {
  if (!HERE) return;
  rig = await startRig();
  rig.addFile(FAL_SAMPLE.path, FAL_SAMPLE.bytes);
  const cases: ExecutableCase[] = [];
  let n = 0;
  for (const { provider, task, modes } of PAIRS) {
    for (const mode of modes) {
      for (const client of [...RAW_CLIENTS, "js|huggingface.js"]) {
        for (const scenario of scenariosFor(provider, task, mode, client)) {
          // A model id per case: the JS library caches provider mappings by model id.
          const modelId = `acme/${task}-${provider}-${mode}-${scenario}-${n++}`;
          const snippet = snippetsFor(provider, task, mode, modelId).find((candidate) => `${candidate.language}|${candidate.client}` === client);
          const id = `${provider}|${task}|${mode}|${client}|${scenario}`;
          if (!snippet) throw new Error(`${id}: no snippet`);
          const providerModelId = providerModelIdFor(provider, task);
          // Each case works in a folder of its own, so a saved file cannot be another case's.
          const dir = join(rig.dir, `case-${n}`);
          mkdirSync(dir);
          for (const name of [...Object.keys(SAMPLE_FILES), FAL_SAMPLE.path]) symlinkSync(join(rig.dir, name), join(dir, name));
          planned.set(id, { id, provider, task, mode, client, scenario, snippet, providerModelId, dir });
          cases.push({
            id,
            ...inFolder(snippet, dir),
            reply: queueResponder({ provider, task, providerModelId, scenario, mapping: mappingReply(modelId, provider, providerModelId, task) }),
          });
        }
      }
    }
  }
  // A JSON reply that holds the file (Together's base64 image) or names its URL (fal's speech): every client saves it.
  for (const { provider, task } of LINKED_OR_EMBEDDED) {
    for (const client of [...RAW_CLIENTS, "js|huggingface.js"]) {
      const modelId = `acme/${task}-${provider}-${n++}`;
      const providerModelId = providerModelIdFor(provider, task);
      const model = syntheticModel(task, { id: modelId, providers: [provider] });
      const snippet = generateSnippets(model, { provider: provider as never, providerModelId }).snippets.find(
        (candidate) => `${candidate.language}|${candidate.client}` === client,
      );
      const id = `${provider}|${task}|routed|${client}|in-reply`;
      if (!snippet) throw new Error(`${id}: no snippet`);
      const dir = join(rig.dir, `case-${n}`);
      mkdirSync(dir);
      planned.set(id, { id, provider, task, mode: "routed", client, scenario: "done", snippet, providerModelId, dir });
      const mapping = mappingReply(modelId, provider, providerModelId, task);
      cases.push({ id, ...inFolder(snippet, dir), reply: inReplyResponder(provider, task, mapping) });
    }
  }
  // A file in the reply itself (not queued) is named by its type too.
  for (const client of RAW_CLIENTS) {
    const modelId = `acme/speech-${n++}`;
    const model = syntheticModel("text-to-speech", { id: modelId, providers: ["hf-inference"] });
    const snippet = generateSnippets(model, { provider: "hf-inference" }).snippets.find((candidate) => `${candidate.language}|${candidate.client}` === client)!;
    const dir = join(rig.dir, `case-${n}`);
    mkdirSync(dir);
    const id = `hf-inference|text-to-speech|routed|${client}|sync`;
    planned.set(id, { id, provider: "hf-inference", task: "text-to-speech", mode: "routed", client, scenario: "done", snippet, providerModelId: modelId, dir });
    cases.push({
      id,
      ...inFolder(snippet, dir),
      reply: () => ({ contentType: "audio/x-wav", body: WAV_REPLY }),
    });
  }
  // The never-ending jobs go first: each is the longest run of its runtime, and the shell runs cases side by side.
  const never = (item: ExecutableCase) => (item.id.endsWith("|never") ? 0 : 1);
  outcomes = await execute(
    rig,
    [...cases].sort((a, b) => never(a) - never(b)),
  );
}, 900_000);

afterAll(async () => {
  if (!HERE) return;
  await rig.close();
});

/** Replies that are JSON around the file: base64 text in it (Together), or the URL of a file on the file host (fal). */
const LINKED_OR_EMBEDDED = [
  { provider: "together", task: "text-to-image", file: { name: "output.png", bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7]) } },
  { provider: "fal-ai", task: "text-to-speech", file: outputFileFor("fal-ai", "text-to-speech") },
];

function inReplyResponder(provider: string, task: string, mapping: Reply): (request: ReceivedRequest) => Reply {
  const { file } = LINKED_OR_EMBEDDED.find((entry) => entry.provider === provider && entry.task === task)!;
  return (request) => {
    if (request.method === "GET" && request.host === "huggingface.co") return mapping;
    if (request.host === FILE_HOST) return { contentType: "audio/mpeg", body: file.bytes };
    return provider === "together" ? { body: { data: [{ b64_json: file.bytes.toString("base64") }] } } : { body: { audio: { url: OUTPUT_URL } } };
  };
}

/** A first line that moves the snippet into its folder (JS and Python run many cases in one process). */
const CHDIR: Record<string, (dir: string) => string> = {
  python: (dir) => `import os; os.chdir(${JSON.stringify(dir)})`,
  js: (dir) => `process.chdir(${JSON.stringify(dir)});`,
  sh: (dir) => `cd '${dir}'`,
};

/** The snippet, run in its folder: by a first line, or (Go, Java, Ruby, PHP, whose first lines are fixed) by the runner. */
function inFolder(snippet: Snippet, dir: string): { snippet: Snippet; cwd?: string } {
  const chdir = CHDIR[snippet.language];
  return chdir ? { snippet: { ...snippet, content: `${chdir(dir)}\n${snippet.content}` } } : { snippet, cwd: dir };
}

function savedFiles(plan: Planned): string[] {
  const dir = plan.dir;
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith("output.")) : [];
}

function requestsOf(id: string) {
  return rig.server.requestsOf(id).filter((request) => !(request.method === "GET" && request.host === "huggingface.co"));
}

function expectRightTokens(plan: Planned): void {
  for (const request of requestsOf(plan.id)) {
    const auth = request.headers.authorization;
    if (request.host === FILE_HOST) expect(auth, `${plan.id}: the file download carries no token`).toBeUndefined();
    else if (request.host === "router.huggingface.co") expect(auth, `${plan.id}: ${request.url}`).toBe(`Bearer ${TOKENS.HF_TOKEN}`);
    else {
      expect(plan.mode, `${plan.id}: a direct call only goes to the provider: ${request.url}`).toBe("direct");
      expect(auth, `${plan.id}: ${request.url}`).toContain(tokenFor(plan.provider, "direct"));
    }
  }
}

function expectSubmission(plan: Planned): void {
  const posts = requestsOf(plan.id).filter((request) => request.method === "POST");
  expect(posts.length, `${plan.id}: one submission, then only reads`).toBe(1);
  const submit = sent(posts[0]!);
  const model = syntheticModel(plan.task, { id: "acme/x" });
  const expected = expectedTaskRequest(plan.provider, plan.task, plan.mode, {
    providerModelId: plan.providerModelId,
    token: tokenFor(plan.provider, plan.mode),
    input: exampleFor(plan.provider, plan.task, fromExample(exampleInput(model)!)),
    files: { [FAL_SAMPLE.path]: FAL_SAMPLE.bytes },
  });
  expectSame(submit, expected, `${plan.id}: submission`);
}

function statusPolls(plan: Planned) {
  const statusUrl = expectedStatusUrl(plan.provider, plan.mode, plan.providerModelId);
  return requestsOf(plan.id).filter((request) => request.method === "GET" && request.url === statusUrl);
}

const withScenario = (scenario: Scenario) => [...planned.values()].filter((plan) => plan.scenario === scenario && plan.provider !== "hf-inference");

describe("a queued job that finishes", () => {
  it.each(PAIRS)("$provider $task: every client submits, polls, downloads without a token and saves the served bytes by type", ({ provider, task }) => {
    for (const plan of [...planned.values()].filter(
      (candidate) =>
        candidate.provider === provider &&
        candidate.task === task &&
        (candidate.scenario === "done" || (candidate.scenario === "ready" && candidate.client === "js|huggingface.js")),
    )) {
      expect(outcomes.get(plan.id), `${plan.id}: ${outcomes.get(plan.id)?.error}`).toMatchObject({ ok: true });
      expectSubmission(plan);
      expectRightTokens(plan);
      if (plan.scenario === "done") expect(statusPolls(plan).length, `${plan.id}: polls until done`).toBe(3);
      if (provider === "fal-ai")
        expect(
          requestsOf(plan.id).some((request) => request.url === expectedResultUrl(plan.mode, plan.providerModelId)),
          `${plan.id}: fetches the result`,
        ).toBe(true);
      const file = outputFileFor(provider, task);
      const downloads = requestsOf(plan.id).filter((request) => request.host === FILE_HOST);
      expect(downloads.length, `${plan.id}: downloads the output once`).toBe(1);
      expect(savedFiles(plan), plan.id).toEqual([file.name]);
      expect(readFileSync(join(plan.dir, file.name)).equals(file.bytes), `${plan.id}: saved bytes`).toBe(true);
    }
  });
});

describe("a file in the reply itself", () => {
  it.each(RAW_CLIENTS)("%s names it by the reply's content type", (client) => {
    const plan = planned.get(`hf-inference|text-to-speech|routed|${client}|sync`)!;
    expect(outcomes.get(plan.id), `${plan.id}: ${outcomes.get(plan.id)?.error}`).toMatchObject({ ok: true });
    expect(savedFiles(plan)).toEqual(["output.wav"]);
    expect(readFileSync(join(plan.dir, "output.wav")).equals(WAV_REPLY)).toBe(true);
  });
});

describe("a JSON reply around the file", () => {
  it.each(LINKED_OR_EMBEDDED)("$provider $task: every client saves the file, downloaded without a token", ({ provider, task, file }) => {
    for (const client of [...RAW_CLIENTS, "js|huggingface.js"]) {
      const plan = planned.get(`${provider}|${task}|routed|${client}|in-reply`)!;
      expect(outcomes.get(plan.id), `${plan.id}: ${outcomes.get(plan.id)?.error}`).toMatchObject({ ok: true });
      expectRightTokens(plan);
      // @huggingface/inference labels Together's base64 image as a JPEG, so its snippet names the file output.jpg.
      const name = client === "js|huggingface.js" && provider === "together" ? "output.jpg" : file.name;
      expect(savedFiles(plan), plan.id).toEqual([name]);
      expect(readFileSync(join(plan.dir, name)).equals(file.bytes), `${plan.id}: saved bytes`).toBe(true);
    }
  });
});

describe("what goes wrong", () => {
  it("a failed job stops with the provider's message and saves nothing", () => {
    const plans = withScenario("failed");
    // Every raw client for each provider, and huggingface.js's snippet for Replicate, which polls itself.
    expect(plans.length).toBe(new Set(PAIRS.map((pair) => pair.provider)).size * RAW_CLIENTS.length + 1);
    for (const plan of plans) {
      const outcome = outcomes.get(plan.id);
      expect(outcome?.ok, plan.id).toBe(false);
      expect(outcome?.error, plan.id).toContain(plan.provider === "zai-org" ? "FAIL" : FAILURE_MESSAGE);
      expect(savedFiles(plan), plan.id).toEqual([]);
      expect(
        requestsOf(plan.id).some((request) => request.host === FILE_HOST),
        plan.id,
      ).toBe(false);
    }
  });

  it("fal's failed job reports COMPLETED: the result request's error detail is the message", () => {
    for (const plan of withScenario("failed").filter((candidate) => candidate.provider === "fal-ai")) {
      expect(statusPolls(plan).length, plan.id).toBe(3);
      expect(outcomes.get(plan.id)?.error, plan.id).toContain("422");
    }
  });

  it("a job that never finishes ends after the snippet's bound of polls, with a clear message", () => {
    const plans = withScenario("never");
    // Python and JS for each provider; every other client for one.
    expect(plans.length).toBe(new Set(PAIRS.map((pair) => pair.provider)).size * FULL_NEVER.length + RAW_CLIENTS.length - FULL_NEVER.length);
    for (const plan of plans) {
      const outcome = outcomes.get(plan.id);
      expect(outcome?.ok, plan.id).toBe(false);
      expect(outcome?.error, plan.id).toMatch(/did not finish within \d+ seconds/);
      const bound = Number(/polls == (\d+)|polls === (\d+)/.exec(plan.snippet.content)?.slice(1).find(Boolean));
      expect(bound, plan.id).toBeGreaterThan(0);
      expect(statusPolls(plan).length, plan.id).toBe(bound);
      expect(savedFiles(plan), plan.id).toEqual([]);
    }
  });

  it("a server error on one poll is asked again, and the job still delivers", () => {
    const plans = withScenario("poll-5xx");
    expect(plans.length).toBe(new Set(PAIRS.map((pair) => pair.provider)).size * RAW_CLIENTS.length);
    for (const plan of plans) {
      expect(outcomes.get(plan.id), `${plan.id}: ${outcomes.get(plan.id)?.error}`).toMatchObject({ ok: true });
      expect(statusPolls(plan).length, plan.id).toBe(4);
      expect(savedFiles(plan), plan.id).toEqual([outputFileFor(plan.provider, plan.task).name]);
    }
  });

  it("a Replicate prediction that outlives the wait window is polled; one done within it is not", () => {
    const outlived = withScenario("done").filter((plan) => plan.provider === "replicate" && plan.scenario === "done" && !plan.id.endsWith("|in-reply"));
    expect(
      outlived.some((plan) => plan.client === "js|huggingface.js"),
      "the JS client library's snippet is among them",
    ).toBe(true);
    expect(outlived.length).toBeGreaterThan(0);
    for (const plan of outlived) expect(statusPolls(plan).length, plan.id).toBe(3);
    const ready = withScenario("ready").filter((plan) => plan.provider === "replicate");
    expect(ready.length).toBeGreaterThan(0);
    for (const plan of ready) {
      expect(outcomes.get(plan.id), `${plan.id}: ${outcomes.get(plan.id)?.error}`).toMatchObject({ ok: true });
      expect(statusPolls(plan).length, plan.id).toBe(0);
      expect(savedFiles(plan), plan.id).toEqual([outputFileFor(plan.provider, plan.task).name]);
    }
  });
});
