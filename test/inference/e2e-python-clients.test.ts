import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { wordedSnippets } from "../helpers/worded.js";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromExample } from "../../src/inference/inputs.js";
import type { Snippet } from "../../src/inference/snippet.js";
import { exampleInput } from "../../src/tasks/example-input.js";
import { expectedTaskRequest, WIRE, type ExpectedRequest } from "../helpers/expected-request.js";
import { plausibleReply, replyOutput } from "../helpers/fake-replies.js";
import { clientsRequired, findPythonClients } from "../helpers/python-clients.js";
import { registryChatProviders, registryPairs, type Mode } from "../helpers/registry-pairs.js";
import { postsOf, SAMPLE_FILES, startRig, TOKENS, type Rig, type SentRequest } from "../helpers/snippet-harness.js";
import type { Reply } from "../helpers/inference-server.js";
import { runPython, type RunOutcome } from "../helpers/snippet-runners.js";
import { exampleFor, FAL_SAMPLE } from "../helpers/fal-sample.js";
import { providerIdFor, syntheticModel } from "../helpers/synthetic-models.js";
import { tokenVariable } from "../helpers/token-variables.js";
import { ROUTER_POLICIES } from "../../src/inference/responses.js";

/*
 * The huggingface_hub and openai snippets, run with the real packages
 * against the loopback server (the driver points their HTTP transport at it;
 * the snippet text is unchanged), for every provider and task they serve,
 * routed and direct, and vision chat with --image (a URL, a local file, two
 * files). Each must send what the provider expects: method, URL,
 * token and body. The clients' own headers (user agent and the like) are
 * theirs to choose and are not compared.
 */

const clients = findPythonClients();
const PYTHON_CLIENTS = ["huggingface_hub", "openai"];

interface Planned {
  id: string;
  snippet: Snippet;
  expected: ExpectedRequest;
}

const planned: Planned[] = [];

function differenceOf(id: string): string | undefined {
  const [provider, task, , client] = id.split("|");
  return client === "huggingface_hub" ? HUB_CLIENT_DIFFERS[`${provider} ${task}`] : undefined;
}
let rig: Rig;
let outcomes: Map<string, RunOutcome>;

function chatExpected(
  provider: string,
  mode: Mode,
  client: string,
  modelId: string,
  providerModelId: string,
  messages: unknown = [{ role: "user", content: "What is the capital of France?" }],
): ExpectedRequest {
  const token = TOKENS[tokenVariable(provider, mode)]!;
  const body = { model: providerModelId, messages };
  // openai, routed, asks the router's OpenAI-compatible route, naming the provider after the hub id.
  if (client === "openai" && mode === "routed") {
    return {
      method: "POST",
      url: "https://router.huggingface.co/v1/chat/completions",
      headers: { authorization: `Bearer ${token}` },
      json: { ...body, model: `${modelId}:${provider}` },
    };
  }
  const fact = WIRE[provider]!.conversational![mode]!;
  const headers = Object.fromEntries(Object.entries(fact.headers).map(([name, value]) => [name.toLowerCase(), value.replace("{token}", token)]));
  return { method: fact.method, url: fact.url.replace("{id}", providerModelId), headers, json: body };
}

function plan(): void {
  for (const { provider, task, modes } of registryPairs()) {
    for (const mode of modes) {
      const model = syntheticModel(task, { id: `acme/py-${task}-${provider}-${mode}` });
      const snippet = wordedSnippets(model, { provider: provider as never, direct: mode === "direct", language: "python", client: "huggingface_hub" })
        .snippets[0];
      if (snippet === undefined) continue;
      const providerModelId = providerIdFor(provider, model.id);
      const expected = expectedTaskRequest(provider, task, mode, {
        providerModelId,
        token: TOKENS[tokenVariable(provider, mode)]!,
        input: exampleFor(provider, task, fromExample(exampleInput(model)!)),
        files: { [FAL_SAMPLE.path]: FAL_SAMPLE.bytes },
      });
      const id = `${provider}|${task}|${mode}|huggingface_hub`;
      planned.push({ id, snippet, expected });
      rig.server.respond(id, plausibleReply({ task, modelId: model.id, provider, providerId: providerModelId, output: replyOutput(provider, task) }));
    }
  }
  for (const { provider, modes } of registryChatProviders()) {
    for (const mode of modes) {
      for (const client of PYTHON_CLIENTS) {
        const modelId = `${provider === "openai" ? "openai" : "acme"}/py-chat-${provider}-${mode}-${client}`;
        const model = syntheticModel("text-generation", { conversational: true, id: modelId, providers: provider === "openai" ? [] : [provider] });
        const snippet = wordedSnippets(model, { provider: provider as never, direct: mode === "direct", language: "python", client: client as never })
          .snippets[0];
        if (snippet === undefined) throw new Error(`no ${client} chat snippet for ${provider} ${mode}`);
        const providerModelId = provider === "openai" ? modelId.slice("openai/".length) : providerIdFor(provider, modelId);
        const id = `${provider}|chat|${mode}|${client}`;
        planned.push({ id, snippet, expected: chatExpected(provider, mode, client, modelId, providerModelId) });
        rig.server.respond(id, plausibleReply({ task: "text-generation", modelId, provider, providerId: providerModelId, output: "json", chat: true }));
      }
    }
  }
  planImages();
  planRouterChoices();
}

/** Who chooses the provider of a routed chat: the router (auto: the model alone) or its policy (`model:fastest`). */
const ROUTER_CHOICES = ["auto", ...ROUTER_POLICIES] as const;

function planRouterChoices(): void {
  for (const choice of ROUTER_CHOICES) {
    const modelId = `acme/py-chat-router-${choice}`;
    const model = syntheticModel("text-generation", { conversational: true, id: modelId, providers: ["together", "cerebras"] });
    const policy = choice === "auto" ? {} : { routerPolicy: choice };
    const snippet = wordedSnippets(model, { ...policy, language: "python", client: "openai" }).snippets[0];
    if (snippet === undefined) throw new Error(`no openai chat snippet for ${choice}`);
    const id = `router-${choice}|chat|routed|openai`;
    planned.push({
      id,
      snippet,
      expected: {
        method: "POST",
        url: "https://router.huggingface.co/v1/chat/completions",
        headers: { authorization: `Bearer ${TOKENS.HF_TOKEN}` },
        json: { model: choice === "auto" ? modelId : `${modelId}:${choice}`, messages: [{ role: "user", content: "What is the capital of France?" }] },
      },
    });
    rig.server.respond(
      id,
      plausibleReply({ task: "text-generation", modelId, provider: "together", providerId: providerIdFor("together", modelId), output: "json", chat: true }),
    );
  }
}

/** --image: a URL, a local file, two local files; each the rig's file as a data URL of its bytes, read when the snippet runs. */
const IMAGE_SETS = [["https://images.example.com/dog.png?v=2"], ["cats.jpg"], ["invoice.png", "cats.jpg"]];
const MIME: Record<string, string> = { jpg: "image/jpeg", png: "image/png" };

function planImages(): void {
  for (const [index, images] of IMAGE_SETS.entries()) {
    for (const client of PYTHON_CLIENTS) {
      const modelId = `acme/py-vision-${index}-${client}`;
      const model = syntheticModel("image-text-to-text", { conversational: true, id: modelId, providers: ["together"] });
      const snippet = wordedSnippets(model, { provider: "together", language: "python", client: client as never, images }).snippets[0];
      if (snippet === undefined) throw new Error(`no ${client} vision snippet`);
      const parts = images.map((image) => ({
        type: "image_url",
        image_url: { url: image.startsWith("https://") ? image : `data:${MIME[image.split(".").pop()!]};base64,${SAMPLE_FILES[image]!.toString("base64")}` },
      }));
      const messages = [{ role: "user", content: [{ type: "text", text: "Describe this image in one sentence." }, ...parts] }];
      const providerModelId = providerIdFor("together", modelId);
      const id = `together|chat|routed|images-${index}|${client}`;
      planned.push({ id, snippet, expected: chatExpected("together", "routed", client, modelId, providerModelId, messages) });
      rig.server.respond(
        id,
        plausibleReply({ task: "image-text-to-text", modelId, provider: "together", providerId: providerModelId, output: "json", chat: true }),
      );
    }
  }
}

function expectRequest(actual: SentRequest | undefined, expected: ExpectedRequest, label: string): void {
  expect(actual, `${label}: sent nothing`).toBeDefined();
  expect(actual!.method, label).toBe(expected.method);
  expect(actual!.url, label).toBe(expected.url);
  for (const [name, value] of Object.entries(expected.headers)) {
    // The body's content type is the client's to word ("application/json" or with a charset).
    if (name === "content-type") expect(actual!.headers[name], `${label}: header ${name}`).toMatch(new RegExp(`^${value.split(";")[0]}`));
    else expect(actual!.headers[name], `${label}: header ${name}`).toBe(value);
  }
  if (expected.bytes) expect(actual!.bytes.equals(expected.bytes), `${label}: body bytes`).toBe(true);
  // The clients add fields of their own (`"parameters": {}`, `"max_tokens": null`, `"stream": false`): every field the provider expects must be there, unchanged.
  else expect(actual!.json, `${label}: body ${JSON.stringify(actual!.json)} ${JSON.stringify(expected.json)}`).toMatchObject(expected.json as object);
}

/*
 * Where huggingface_hub (the version .ci/run installs) does not send what the
 * provider expects, asserted so that a change on either side shows. The
 * refusals are tasks the library has no helper for at that provider: hubref
 * offers a snippet there that cannot run.
 */
const HUB_CLIENT_DIFFERS: Record<string, string> = {
  "fal-ai text-to-image": "calls fal's synchronous route, not its queue",
  "hf-inference image-segmentation": "sends the image as raw bytes, not base64 in JSON",
  "hf-inference tabular-classification": "sends {table}, not {inputs: {data}}",
  "hf-inference text-generation": "posts to the model's own route, not the completions route",
  "hf-inference zero-shot-image-classification": "sends the image as `inputs` itself, not as `inputs.image`",
  "novita text-to-video": "posts to Novita's /v3/hf/ route, not /v3/async/",
  "wavespeed image-to-image": "sends the image as a data URL, without the `images` list",
  "wavespeed image-to-video": "sends the image as a data URL, without the `images` list",
};

/** A 1x1 PNG, a real one (PIL decodes what huggingface_hub returns as an image). */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A huggingface_hub snippet for the task at the provider, run alone in a folder of its own (with the sample
 * files), its request answered with `reply`; it must run to the end. Returns the folder.
 */
async function runAlone(provider: string, task: string, reply: Reply): Promise<string> {
  const model = syntheticModel(task as never, { id: `acme/py-alone-${task}-${provider}` });
  const snippet = wordedSnippets(model, { provider: provider as never, language: "python", client: "huggingface_hub" }).snippets[0]!;
  const id = `${provider}|${task}|alone|huggingface_hub`;
  const mapping = plausibleReply({ task, modelId: model.id, provider, providerId: providerIdFor(provider, model.id), output: "json" });
  rig.server.respond(id, (request) => (request.method === "POST" ? reply : mapping(request)));
  const dir = mkdtempSync(join(rig.dir, "alone-"));
  for (const name of Object.keys(SAMPLE_FILES)) copyFileSync(join(rig.dir, name), join(dir, name));
  const outcome = (await runPython([{ id, source: snippet.content }], { python: clients.python, port: rig.server.port, cwd: dir, env: TOKENS })).get(id);
  expect(outcome, `${id}: ${outcome?.error}`).toMatchObject({ ok: true });
  expect(postsOf(rig, id), id).toHaveLength(1);
  return dir;
}

const MISSING = `Python client snippets run: ${clients.missing.join(", ")} not installed for ${clients.python} (see README, Development)`;
if (clients.missing.length > 0 && clientsRequired()) {
  // .ci/run installed them: their absence is a failure.
  it(MISSING, () => expect(clients.missing).toEqual([]));
} else if (clients.missing.length > 0) {
  // A user's machine without the packages: one skipped test that names them, and the same line on stderr,
  // since vitest's default output does not show a skipped test's name.
  console.warn(`skipped: ${MISSING}`);
  it.skip(MISSING, () => {});
} else {
  beforeAll(async () => {
    rig = await startRig();
    rig.addFile(FAL_SAMPLE.path, FAL_SAMPLE.bytes);
    plan();
    outcomes = await runPython(
      planned.map(({ id, snippet }) => ({ id, source: snippet.content })),
      { python: clients.python, port: rig.server.port, cwd: rig.dir, env: TOKENS },
    );
  }, 120_000);

  afterAll(async () => {
    await rig?.close();
  });

  describe("python client libraries", () => {
    it("cover every task huggingface_hub serves at each provider, and chat at each chat provider", () => {
      expect(planned.filter(({ id }) => id.endsWith("|huggingface_hub")).length).toBeGreaterThan(60);
      expect(planned.filter(({ id }) => id.endsWith("|openai")).length).toBe(
        registryChatProviders().reduce((sum, { modes }) => sum + modes.length, 0) + IMAGE_SETS.length + ROUTER_CHOICES.length,
      );
    });

    it("offers no huggingface_hub snippet where the library has no helper for the task at that provider", () => {
      const refused = [
        "deepinfra text-to-image",
        "fal-ai audio-to-audio",
        "hf-inference tabular-regression",
        "ovhcloud text-generation",
        "scaleway text-generation",
        "zai-org image-to-text",
      ];
      for (const pair of refused) {
        const [provider, task] = pair.split(" ") as [string, string];
        const model = syntheticModel(task as never, { id: `acme/refused-${task}-${provider}` });
        const result = wordedSnippets(model, { provider: provider as never, language: "python", client: "huggingface_hub" });
        expect(result.snippets, pair).toEqual([]);
        expect(result.problems, pair).toEqual([`huggingface_hub does not call ${provider} for ${task}: use requests`]);
        expect(wordedSnippets(model, { provider: provider as never, language: "python", client: "requests" }).snippets, pair).toHaveLength(1);
      }
    });

    // Each runs apart, in a folder of its own: several snippets save an output.png or an output.flac.
    it("huggingface_hub saves audio-to-audio's tracks as files named by their content type", async () => {
      const tracks = [
        { label: "speech", "content-type": "audio/flac", blob: Buffer.from("speech bytes").toString("base64") },
        { label: "noise", "content-type": "audio/mpeg", blob: Buffer.from("noise bytes").toString("base64") },
      ];
      const dir = await runAlone("hf-inference", "audio-to-audio", { body: tracks });
      expect(readFileSync(join(dir, "output-1.flac"), "utf8")).toBe("speech bytes");
      expect(readFileSync(join(dir, "output-2.mp3"), "utf8")).toBe("noise bytes");
    });

    it("huggingface_hub ends text-to-image with the image saved, from an image reply and from Together's base64", async () => {
      const png = tinyPng();
      for (const [provider, reply] of [
        ["hf-inference", { contentType: "image/png", body: png }],
        ["together", { body: { data: [{ b64_json: png.toString("base64") }] } }],
      ] as const) {
        const dir = await runAlone(provider, "text-to-image", reply);
        // Saved by PIL, as a PNG of the image the provider sent.
        expect(readFileSync(join(dir, "output.png")).subarray(0, 8).toString("latin1"), provider).toBe("\x89PNG\r\n\x1a\n");
      }
    });

    it.each(Object.entries(HUB_CLIENT_DIFFERS))("huggingface_hub, %s: %s", (pair, _what) => {
      const [provider, task] = pair.split(" ");
      const cases = planned.filter(({ id }) => id.startsWith(`${provider}|${task}|`) && id.endsWith("|huggingface_hub"));
      expect(cases.length, `${pair} is offered`).toBeGreaterThan(0);
      for (const { id, expected } of cases) {
        const posts = postsOf(rig, id);
        expect(posts.length, `${id}: one request`).toBe(1);
        expect(posts[0]!.headers.authorization, `${id}: the token`).toBe(expected.headers.authorization);
        expect(() => expectRequest(posts[0], expected, id), `${id} still differs`).toThrow();
      }
    });

    it("every other snippet sends the provider's request, and the chat snippets run to the end", () => {
      const failures: string[] = [];
      for (const { id, expected } of planned.filter(({ id }) => differenceOf(id) === undefined)) {
        const outcome = outcomes.get(id);
        try {
          // The fake replies are shaped for the raw-HTTP snippets; the chat replies also satisfy both clients.
          if (id.includes("|chat|")) expect(outcome, `${id}: ${outcome?.error}`).toMatchObject({ ok: true });
          const posts = postsOf(rig, id);
          expect(posts.length, `${id}: one request`).toBe(1);
          expectRequest(posts[0], expected, id);
        } catch (error) {
          failures.push(String(error instanceof Error ? error.message : error));
        }
      }
      expect(failures).toEqual([]);
    });
  });
}
