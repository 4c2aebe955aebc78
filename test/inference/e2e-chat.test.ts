import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSnippets } from "../../src/inference/engine.js";
import type { SnippetOptions } from "../../src/inference/snippet.js";
import { tokenVariable } from "../helpers/token-variables.js";
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
} from "../helpers/snippet-harness.js";
import { WIRE } from "../helpers/expected-request.js";
import { registryChatProviders } from "../helpers/registry-pairs.js";
import { plausibleReply } from "../helpers/fake-replies.js";
import { providerIdFor, syntheticModel } from "../helpers/synthetic-models.js";
import { ROUTER_POLICIES } from "../../src/inference/responses.js";
import { fileNeeds } from "../helpers/tools.js";

/** The snippets run with python3 and requests (the curl ones start python3 too, to read JSON) and curl: without them, this file is a named skip. */
const HERE = fileNeeds("the snippets this file runs", "requests", "curl");

/** Where the router chooses (auto, or one of its policies): the model names no provider of its own. */
const routerChooses = (provider: string) => provider === "auto" || (ROUTER_POLICIES as readonly string[]).includes(provider);

/*
 * Chat snippets for every provider that serves chat, routed and direct, whole
 * and streamed, run against the loopback server: python requests, fetch and
 * curl, the real openai package and the real @huggingface/inference package,
 * and the standard-library clients of Go, Java, Ruby and PHP; and vision chat
 * with --image (a URL, a local file, two local files) in each of them.
 */

/** From the registry: e2e-providers fails when the wire fixture lacks a chat provider's fact. */
const CHAT_PROVIDERS = registryChatProviders();

interface Variant {
  provider: string;
  mode: "routed" | "direct";
  stream: boolean;
  task: "text-generation" | "image-text-to-text";
  parameters: boolean;
  billTo?: string;
  /** `--image` values: local files of the rig (SAMPLE_FILES) or URLs. */
  images?: string[];
  /** `--inputs`, the text. */
  inputs?: string;
}

const VARIANTS: Variant[] = [];
for (const { provider, modes } of CHAT_PROVIDERS) {
  for (const mode of modes) {
    for (const stream of [false, true]) VARIANTS.push({ provider, mode, stream, task: "text-generation", parameters: false });
  }
}
VARIANTS.push({ provider: "together", mode: "routed", stream: false, task: "image-text-to-text", parameters: true, billTo: "acme-corp" });
VARIANTS.push({ provider: "zai-org", mode: "direct", stream: true, task: "image-text-to-text", parameters: true });
VARIANTS.push({ provider: "auto", mode: "routed", stream: false, task: "text-generation", parameters: true });
VARIANTS.push({ provider: "auto", mode: "routed", stream: true, task: "text-generation", parameters: false, billTo: "acme-corp" });
// The router's policies: the request names `model:fastest` / `model:cheapest`, and the router chooses by it.
for (const policy of ROUTER_POLICIES)
  VARIANTS.push({ provider: policy, mode: "routed", stream: policy === "cheapest", task: "text-generation", parameters: false });
// --image: one URL, one local file (with a text of the user's), two local files of two types (streamed).
const PHOTO_URL = "https://images.example.com/photos/dog.png?size=large&v=2";
VARIANTS.push({ provider: "together", mode: "routed", stream: false, task: "image-text-to-text", parameters: false, images: [PHOTO_URL] });
VARIANTS.push({
  provider: "zai-org",
  mode: "direct",
  stream: false,
  task: "image-text-to-text",
  parameters: false,
  images: ["cats.jpg"],
  inputs: "What is in this picture?",
});
VARIANTS.push({ provider: "together", mode: "routed", stream: true, task: "image-text-to-text", parameters: false, images: ["invoice.png", "cats.jpg"] });

/** A model id per variant (the JS library caches mappings by id); OpenAI's models are "openai/<name>" on the hub. */
function modelIdOf(v: Variant): string {
  return `${v.provider === "openai" ? "openai" : "acme"}/chat-${v.provider}-${v.mode}-${v.stream ? "s" : "w"}-${v.task}${v.images ? `-${v.images.length}-images` : ""}`;
}

const label = (v: Variant) =>
  `${v.provider} ${v.mode} ${v.task}${v.stream ? " stream" : ""}${v.parameters ? " +parameters" : ""}${v.billTo ? " +bill-to" : ""}${v.images ? ` +image ${v.images.join(" +image ")}` : ""}`;

let rig: Rig;
let outcomes: Awaited<ReturnType<typeof execute>>;

beforeAll(async () => {
  if (!HERE) return;
  rig = await startRig();
  const cases: ExecutableCase[] = [];
  for (const variant of VARIANTS) {
    const modelId = modelIdOf(variant);
    const model = syntheticModel(variant.task, {
      conversational: true,
      id: modelId,
      providers: routerChooses(variant.provider) ? ["together", "cerebras"] : variant.provider === "openai" ? [] : [variant.provider],
    });
    const policy = ROUTER_POLICIES.find((name) => name === variant.provider);
    const options: SnippetOptions = {
      ...(policy === undefined ? { provider: variant.provider as never } : { routerPolicy: policy }),
      direct: variant.mode === "direct",
      stream: variant.stream,
    };
    if (variant.parameters) Object.assign(options, { temperature: 0.25, maxTokens: 64, topP: 0.5 });
    if (variant.billTo) options.billTo = variant.billTo;
    if (variant.images) options.images = variant.images;
    if (variant.inputs) options.inputs = variant.inputs;
    const { snippets, problems } = generateSnippets(model, options);
    expect(problems, label(variant)).toEqual([]);
    const served = routerChooses(variant.provider) ? "together" : variant.provider;
    for (const snippet of snippets.filter(isExecutable)) {
      const id = `${label(variant)}|${snippet.language}|${snippet.client}`;
      cases.push({
        id,
        snippet,
        reply: plausibleReply({ task: variant.task, modelId, provider: served, providerId: providerIdFor(served, modelId), output: "json", chat: true }),
      });
    }
  }
  outcomes = await execute(rig, cases);
}, 300_000);

afterAll(async () => {
  if (!HERE) return;
  await rig.close();
});

const MIME: Record<string, string> = { jpg: "image/jpeg", png: "image/png" };

/** What a snippet sends for an --image: a URL as given, a local file as a data URL of its bytes. */
function imageUrl(image: string): string {
  if (image.startsWith("https://")) return image;
  return `data:${MIME[image.split(".").pop()!]};base64,${SAMPLE_FILES[image]!.toString("base64")}`;
}

function expectedMessages(variant: Variant): unknown {
  if (variant.task === "text-generation") return [{ role: "user", content: "What is the capital of France?" }];
  const images = variant.images ?? ["https://cdn.britannica.com/61/93061-050-99147DCE/Statue-of-Liberty-Island-New-York-Bay.jpg"];
  return [
    {
      role: "user",
      content: [
        { type: "text", text: variant.inputs ?? "Describe this image in one sentence." },
        ...images.map((image) => ({ type: "image_url", image_url: { url: imageUrl(image) } })),
      ],
    },
  ];
}

describe.each(VARIANTS.map((variant) => ({ variant, name: label(variant) })))("$name", ({ variant }) => {
  const modelId = modelIdOf(variant);
  const providerModelId =
    variant.provider === "openai" ? modelId.slice("openai/".length) : providerIdFor(routerChooses(variant.provider) ? "together" : variant.provider, modelId);
  const token = TOKENS[tokenVariable(routerChooses(variant.provider) ? "auto" : variant.provider, variant.mode)]!;
  const fact = routerChooses(variant.provider) ? undefined : WIRE[variant.provider]?.conversational?.[variant.mode];
  const wire = fact && { ...fact, url: fact.url.replace("{id}", providerModelId) };

  function expectedBody(model: string): Record<string, unknown> {
    const body: Record<string, unknown> = { model, messages: expectedMessages(variant) };
    if (variant.parameters) Object.assign(body, { temperature: 0.25, max_tokens: 64, top_p: 0.5 });
    if (variant.stream) body.stream = true;
    return body;
  }

  it.each(["python|requests", "js|fetch", "sh|curl", "js|openai", ...runnableStdlibClients()])("%s sends the chat request and reads the reply", (client) => {
    const id = `${label(variant)}|${client}`;
    expect(outcomes.get(id), `${id}: ${outcomes.get(id)?.error}`).toMatchObject({ ok: true });
    const posts = postsOf(rig, id);
    expect(posts.length).toBe(1);
    const request = posts[0]!;
    if (variant.mode === "routed") {
      expect(request.url).toBe("https://router.huggingface.co/v1/chat/completions");
      expect(request.headers.authorization).toBe(`Bearer ${token}`);
      expect(request.json).toEqual(expectedBody(variant.provider === "auto" ? modelId : `${modelId}:${variant.provider}`));
    } else {
      expect(request.url).toBe(wire!.url);
      for (const [name, value] of Object.entries(wire!.headers)) expect(request.headers[name.toLowerCase()], name).toBe(value.replace("{token}", token));
      expect(request.json).toEqual(expectedBody(providerModelId));
    }
    expect(request.headers["content-type"]).toMatch(/^application\/json/);
    expect(request.headers["x-hf-bill-to"]).toBe(variant.billTo);
  });

  // The hub clients choose the provider themselves: with a policy there is no snippet for them (router-choice.test.ts).
  if (!routerChooses(variant.provider) || variant.provider === "auto") {
    it("@huggingface/inference sends the provider's chat request", () => {
      const id = `${label(variant)}|js|huggingface.js`;
      expect(outcomes.get(id), `${id}: ${outcomes.get(id)?.error}`).toMatchObject({ ok: true });
      const [request] = postsOf(rig, id);
      // With auto, the library leaves the choice to the router's OpenAI-compatible route.
      expect(request!.url).toBe(wire?.url ?? "https://router.huggingface.co/v1/chat/completions");
      expect(request!.headers.authorization).toBe((wire?.headers.Authorization ?? "Bearer {token}").replace("{token}", token));
      expect(request!.json).toEqual(expectedBody(wire ? providerModelId : modelId));
      expect(request!.headers["x-hf-bill-to"]).toBe(variant.billTo);
    });
  }
});
