import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wordedSnippets } from "../helpers/worded.js";
import { execute, postsOf, runnableStdlibClients, startRig, type ExecutableCase, type Rig } from "../helpers/snippet-harness.js";
import type { ReceivedRequest } from "../helpers/inference-server.js";
import { plausibleReply, replyOutput } from "../helpers/fake-replies.js";
import { providerIdFor, syntheticModel } from "../helpers/synthetic-models.js";
import { fileNeeds } from "../helpers/tools.js";

/** The snippets run with python3 and requests (the curl ones start python3 too, to read JSON) and curl: without them, this file is a named skip. */
const HERE = fileNeeds("the snippets this file runs", "requests", "curl");

/*
 * `--inputs https://...` for a file task, run against the loopback server,
 * which also serves the file at the URL: where the provider takes bytes or
 * base64, the snippet downloads the file (without the token) and sends
 * exactly its bytes; where the provider takes a URL, the URL goes as is and
 * nothing is downloaded.
 */

const FILE_HOST = "files.example";
const IMAGE = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("served image \u00e9\u0000\u00ff", "latin1")]);
/** Quotes and a shell substitution in the path, a variable in the query: each language's literal must carry them. */
const IMAGE_PATH = "/pics/it's-$(id)-cat.png";
const IMAGE_QUERY = "size=2&x=$HOME";
const IMAGE_URL = `https://${FILE_HOST}${IMAGE_PATH}?${IMAGE_QUERY}`;
/** Sent as text in a JSON field, so it may hold what no client would normalise. */
const AUDIO_URL = `https://${FILE_HOST}/clips/it's "a" \`take\` $(id) \\ 2.mp3?x=$HOME&y='z'`;

interface Plan {
  task: string;
  provider: string;
  inputs: string;
  clients: string[];
}

const RAW = ["python|requests", "js|fetch", "sh|curl", ...runnableStdlibClients()];

/** A model id per case (the JS library caches provider mappings by model id). */
const modelIdFor = (name: string, client: string) => `acme/${name}-${client.replace(/[^a-z0-9]+/g, "-")}`;
const PLANS: Record<string, Plan> = {
  bytes: { task: "image-classification", provider: "hf-inference", inputs: IMAGE_URL, clients: [...RAW, "js|huggingface.js"] },
  base64: { task: "image-segmentation", provider: "hf-inference", inputs: IMAGE_URL, clients: RAW },
  url: { task: "automatic-speech-recognition", provider: "fal-ai", inputs: AUDIO_URL, clients: RAW },
};

let rig: Rig;
let outcomes: Awaited<ReturnType<typeof execute>>;

function servingTheFile(plain: (request: ReceivedRequest) => ReturnType<ReturnType<typeof plausibleReply>>) {
  return (request: ReceivedRequest) => (request.host === FILE_HOST ? { contentType: "image/png", body: IMAGE } : plain(request));
}

beforeAll(async () => {
  if (!HERE) return;
  rig = await startRig();
  const cases: ExecutableCase[] = [];
  for (const [name, plan] of Object.entries(PLANS)) {
    for (const client of plan.clients) {
      // A model id per case: the JS library caches provider mappings by model id.
      const model = syntheticModel(plan.task, { id: modelIdFor(name, client) });
      const [language, clientName] = client.split("|");
      const result = wordedSnippets(model, {
        provider: plan.provider as never,
        inputs: plan.inputs,
        language: language as never,
        client: clientName as never,
      });
      expect(result.snippets, `${name} ${client}: ${result.problems.join("; ")}`).toHaveLength(1);
      const reply = plausibleReply({
        task: plan.task,
        modelId: model.id,
        provider: plan.provider,
        providerId: providerIdFor(plan.provider, model.id),
        output: replyOutput(plan.provider, plan.task),
      });
      cases.push({ id: `${name}|${client}`, snippet: result.snippets[0]!, reply: servingTheFile(reply) });
    }
  }
  outcomes = await execute(rig, cases);
}, 300_000);

afterAll(async () => {
  if (!HERE) return;
  await rig.close();
});

const downloadsOf = (id: string) => rig.server.requestsOf(id).filter((request) => request.host === FILE_HOST);
const inferencePostsOf = (id: string) => postsOf(rig, id).filter((request) => !request.url.startsWith(`https://${FILE_HOST}/`));

function expectRan(id: string): void {
  expect(outcomes.get(id), `${id}: ${outcomes.get(id)?.error}`).toMatchObject({ ok: true });
}

function expectOneDownloadWithoutToken(id: string): void {
  const downloads = downloadsOf(id);
  expect(
    downloads.map((request) => `${request.method} ${request.path}?${request.query}`),
    id,
  ).toEqual([`GET ${IMAGE_PATH}?${IMAGE_QUERY}`]);
  expect(downloads[0]!.headers.authorization, `${id}: the token must not go to the file's host`).toBeUndefined();
}

describe("--inputs with a URL, executed", () => {
  it.each(PLANS.bytes!.clients)("hf-inference image-classification (a bytes body), %s: downloads the image and posts exactly its bytes", (client) => {
    const id = `bytes|${client}`;
    expectRan(id);
    expectOneDownloadWithoutToken(id);
    const posts = inferencePostsOf(id);
    expect(posts, id).toHaveLength(1);
    expect(posts[0]!.url).toBe(`https://router.huggingface.co/hf-inference/models/${modelIdFor("bytes", client)}`);
    expect(posts[0]!.bytes.equals(IMAGE), `${id}: body bytes`).toBe(true);
  });

  it.each(RAW)("hf-inference image-segmentation (a base64 field), %s: downloads the image and sends its base64", (client) => {
    const id = `base64|${client}`;
    expectRan(id);
    expectOneDownloadWithoutToken(id);
    const posts = inferencePostsOf(id);
    expect(posts, id).toHaveLength(1);
    expect(posts[0]!.json, id).toEqual({ inputs: IMAGE.toString("base64") });
  });

  it.each(RAW)("fal-ai automatic-speech-recognition (a URL field), %s: sends the URL as is and downloads nothing", (client) => {
    const id = `url|${client}`;
    expectRan(id);
    expect(downloadsOf(id), id).toEqual([]);
    const posts = inferencePostsOf(id);
    expect(posts, id).toHaveLength(1);
    expect(posts[0]!.json, id).toEqual({ audio_url: AUDIO_URL });
  });
});
