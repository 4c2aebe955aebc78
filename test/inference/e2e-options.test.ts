import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSnippets } from "../../src/inference/engine.js";
import type { SnippetOptions } from "../../src/inference/snippet.js";
import {
  execute,
  isExecutable,
  postsOf,
  runnableStdlibClients,
  SAMPLE_FILES,
  startRig,
  TOKENS,
  type ExecutableCase,
  type Rig,
  type SentRequest,
} from "../helpers/snippet-harness.js";
import type { RunOutcome } from "../helpers/snippet-runners.js";
import { plausibleReply, replyOutput } from "../helpers/fake-replies.js";
import { syntheticModel } from "../helpers/synthetic-models.js";
import { fileNeeds } from "../helpers/tools.js";

/** The snippets run with python3 and requests (the curl ones start python3 too, to read JSON) and curl: without them, this file is a named skip. */
const HERE = fileNeeds("the snippets this file runs", "requests", "curl");

/* Options that change the request: a custom endpoint, billing, an embedded token, file inputs. */

interface Run {
  client: string;
  outcome: RunOutcome;
  posts: SentRequest[];
}

interface Planned {
  task: string;
  options: SnippetOptions;
  id: string;
  conversational?: boolean;
}

/** Go, Java, Ruby and PHP, where their toolchains are: every option reaches their requests too. */
const STDLIB = runnableStdlibClients();

/* Planned up front and run as one batch: each runtime starts once for the whole file. */
const PLANNED: Planned[] = [
  { task: "token-classification", options: { endpointUrl: "https://xyz.endpoints.example.cloud/" }, id: "endpoint" },
  { task: "text-generation", options: { endpointUrl: "https://xyz.endpoints.example.cloud" }, id: "endpoint-chat", conversational: true },
  { task: "fill-mask", options: { provider: "hf-inference", billTo: "acme-research", token: "hf_embedded'\"value" }, id: "billed" },
  { task: "automatic-speech-recognition", options: { provider: "hf-inference" }, id: "asr" },
  { task: "text-to-speech", options: { provider: "hf-inference" }, id: "tts" },
];

let rig: Rig;
const runs = new Map<string, Run[]>();

beforeAll(async () => {
  if (!HERE) return;
  rig = await startRig();
  const cases: (ExecutableCase & { plan: string })[] = [];
  for (const { task, options, id, conversational = false } of PLANNED) {
    const model = syntheticModel(task, { id: `acme/${id}`, conversational });
    const { snippets, problems } = generateSnippets(model, options);
    expect(problems).toEqual([]);
    const reply = plausibleReply({
      task,
      modelId: model.id,
      provider: "hf-inference",
      providerId: model.id,
      output: replyOutput("hf-inference", task),
      chat: conversational,
    });
    for (const snippet of snippets.filter(isExecutable)) cases.push({ id: `${id}|${snippet.language}|${snippet.client}`, snippet, reply, plan: id });
  }
  const outcomes = await execute(rig, cases);
  for (const item of cases) {
    const run = { client: `${item.snippet.language}|${item.snippet.client}`, outcome: outcomes.get(item.id)!, posts: postsOf(rig, item.id) };
    runs.set(item.plan, [...(runs.get(item.plan) ?? []), run]);
  }
}, 300_000);
afterAll(async () => {
  if (!HERE) return;
  await rig.close();
});

function run(id: string): Run[] {
  return runs.get(id) ?? [];
}

describe("options end to end", () => {
  it("--endpoint-url sends the task's request to the endpoint with API_TOKEN, from every client", () => {
    const runs = run("endpoint");
    expect(runs.map((r) => r.client).sort()).toEqual(["js|fetch", "js|huggingface.js", "python|requests", "sh|curl", ...STDLIB].sort());
    for (const { client, outcome, posts } of runs) {
      expect(outcome, `${client}: ${outcome.error}`).toMatchObject({ ok: true });
      expect(posts).toHaveLength(1);
      expect(posts[0]!.url, client).toBe("https://xyz.endpoints.example.cloud/");
      expect(posts[0]!.headers.authorization).toBe(`Bearer ${TOKENS.API_TOKEN}`);
      expect(posts[0]!.json).toEqual({ inputs: "My name is Sarah Jessica Parker but you can call me Jessica" });
    }
  });

  it("--endpoint-url for chat posts to the endpoint's chat-completions route", () => {
    const runs = run("endpoint-chat");
    expect(runs).toHaveLength(5 + STDLIB.length);
    for (const { client, outcome, posts } of runs) {
      expect(outcome, `${client}: ${outcome.error}`).toMatchObject({ ok: true });
      expect(posts[0]!.url, client).toBe("https://xyz.endpoints.example.cloud/v1/chat/completions");
      expect(posts[0]!.headers.authorization).toBe(`Bearer ${TOKENS.API_TOKEN}`);
    }
  });

  it("--bill-to adds X-HF-Bill-To and --token replaces the variable", () => {
    const runs = run("billed");
    expect(runs).toHaveLength(4 + STDLIB.length);
    for (const { client, outcome, posts } of runs) {
      expect(outcome, `${client}: ${outcome.error}`).toMatchObject({ ok: true });
      expect(posts[0]!.headers["x-hf-bill-to"], client).toBe("acme-research");
      expect(posts[0]!.headers.authorization, client).toBe("Bearer hf_embedded'\"value");
    }
  });

  it("audio goes as raw bytes with its content type, and binary replies are saved", () => {
    const asr = run("asr");
    expect(asr).toHaveLength(4 + STDLIB.length);
    for (const { client, outcome, posts } of asr) {
      expect(outcome, `${client}: ${outcome.error}`).toMatchObject({ ok: true });
      expect(posts[0]!.headers["content-type"], client).toBe("audio/flac");
      expect(posts[0]!.bytes.equals(SAMPLE_FILES["sample1.flac"]!), client).toBe(true);
    }
    const tts = run("tts");
    expect(tts.length).toBeGreaterThan(2);
    for (const { client, outcome } of tts) expect(outcome, `${client}: ${outcome.error}`).toMatchObject({ ok: true });
    for (const client of STDLIB) expect(tts.map((r) => r.client)).toContain(client);
  });
});
