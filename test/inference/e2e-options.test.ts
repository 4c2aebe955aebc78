import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSnippets } from "../../src/inference/engine.js";
import type { SnippetOptions } from "../../src/inference/snippet.js";
import { execute, isExecutable, postsOf, SAMPLE_FILES, startRig, TOKENS, type Rig } from "../helpers/snippet-harness.js";
import { plausibleReply, replyOutput } from "../helpers/fake-replies.js";
import { syntheticModel } from "../helpers/synthetic-models.js";

/* Options that change the request: a custom endpoint, billing, an embedded token, file inputs. */

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  await rig.close();
});

async function run(task: string, options: SnippetOptions, id: string, conversational = false) {
  const model = syntheticModel(task, { id: `acme/${id}`, conversational });
  const { snippets, problems } = generateSnippets(model, options);
  expect(problems).toEqual([]);
  const cases = snippets.filter(isExecutable).map((snippet) => ({
    id: `${id}|${snippet.client}`,
    snippet,
    reply: plausibleReply({
      task,
      modelId: model.id,
      provider: "hf-inference",
      providerId: model.id,
      output: replyOutput("hf-inference", task),
      chat: conversational,
    }),
  }));
  const outcomes = await execute(rig, cases);
  return cases.map((item) => ({ client: item.snippet.client, outcome: outcomes.get(item.id)!, posts: postsOf(rig, item.id) }));
}

describe("options end to end", () => {
  it("--endpoint-url sends the task's request to the endpoint with API_TOKEN, from every client", async () => {
    const runs = await run("token-classification", { endpointUrl: "https://xyz.endpoints.example.cloud/" }, "endpoint");
    expect(runs.map((r) => r.client).sort()).toEqual(["curl", "fetch", "huggingface.js", "requests"]);
    for (const { client, outcome, posts } of runs) {
      expect(outcome, `${client}: ${outcome.error}`).toMatchObject({ ok: true });
      expect(posts).toHaveLength(1);
      expect(posts[0]!.url, client).toBe("https://xyz.endpoints.example.cloud/");
      expect(posts[0]!.headers.authorization).toBe(`Bearer ${TOKENS.API_TOKEN}`);
      expect(posts[0]!.json).toEqual({ inputs: "My name is Sarah Jessica Parker but you can call me Jessica" });
    }
  });

  it("--endpoint-url for chat posts to the endpoint's chat-completions route", async () => {
    const runs = await run("text-generation", { endpointUrl: "https://xyz.endpoints.example.cloud" }, "endpoint-chat", true);
    expect(runs).toHaveLength(5);
    for (const { client, outcome, posts } of runs) {
      expect(outcome, `${client}: ${outcome.error}`).toMatchObject({ ok: true });
      expect(posts[0]!.url, client).toBe("https://xyz.endpoints.example.cloud/v1/chat/completions");
      expect(posts[0]!.headers.authorization).toBe(`Bearer ${TOKENS.API_TOKEN}`);
    }
  });

  it("--bill-to adds X-HF-Bill-To and --token replaces the variable", async () => {
    const runs = await run("fill-mask", { provider: "hf-inference", billTo: "acme-research", token: "hf_embedded'\"value" }, "billed");
    expect(runs).toHaveLength(4);
    for (const { client, outcome, posts } of runs) {
      expect(outcome, `${client}: ${outcome.error}`).toMatchObject({ ok: true });
      expect(posts[0]!.headers["x-hf-bill-to"], client).toBe("acme-research");
      expect(posts[0]!.headers.authorization, client).toBe("Bearer hf_embedded'\"value");
    }
  });

  it("audio goes as raw bytes with its content type, and binary replies are saved", async () => {
    const asr = await run("automatic-speech-recognition", { provider: "hf-inference" }, "asr");
    for (const { client, outcome, posts } of asr) {
      expect(outcome, `${client}: ${outcome.error}`).toMatchObject({ ok: true });
      expect(posts[0]!.headers["content-type"], client).toBe("audio/flac");
      expect(posts[0]!.bytes.equals(SAMPLE_FILES["sample1.flac"]!), client).toBe(true);
    }
    const tts = await run("text-to-speech", { provider: "hf-inference" }, "tts");
    for (const { client, outcome } of tts) expect(outcome, `${client}: ${outcome.error}`).toMatchObject({ ok: true });
  });
});
