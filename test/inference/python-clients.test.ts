import { beforeAll, describe, expect, it } from "vitest";
import { wordedSnippets } from "../helpers/worded.js";
import { PYTHON_METHODS } from "../../src/inference/client-methods.js";
import type { InferenceTask } from "../../src/inference/ids.js";
import { INFERENCE_TASKS } from "../../src/inference/id-lists.js";
import { parsePython, type PythonCall } from "../helpers/python.js";
import { providerIdFor, syntheticModel } from "../helpers/synthetic-models.js";
import { WIRE } from "../helpers/expected-request.js";
import { fileNeeds } from "../helpers/tools.js";

/*
 * The Python client snippets, checked with Python's own parser down to the
 * method called and the arguments it gets. e2e-python-clients.test.ts also
 * runs the huggingface_hub and openai ones with the real packages; fal_client
 * has no wheel to install here, so this parse is all its snippets get.
 */

const IMAGE = "cats.jpg";
const AUDIO = "sample1.flac";

/** The arguments each huggingface_hub method should get for the default example, besides model=. */
const EXPECTED_CALLS: Partial<Record<InferenceTask, { args: unknown[]; kwargs: Record<string, unknown> }>> = {
  "audio-classification": { args: [AUDIO], kwargs: {} },
  "audio-to-audio": { args: [AUDIO], kwargs: {} },
  "automatic-speech-recognition": { args: [AUDIO], kwargs: {} },
  "document-question-answering": { args: ["invoice.png"], kwargs: { question: "What is the invoice number?" } },
  "feature-extraction": { args: ["Today is a sunny day and I will get some ice cream."], kwargs: {} },
  "fill-mask": { args: ["The answer to the universe is [MASK]."], kwargs: {} },
  "image-classification": { args: [IMAGE], kwargs: {} },
  "image-segmentation": { args: [IMAGE], kwargs: {} },
  "image-to-image": { args: [IMAGE], kwargs: { prompt: "Turn the cat into a tiger." } },
  "image-to-text": { args: [IMAGE], kwargs: {} },
  "image-to-video": { args: [IMAGE], kwargs: { prompt: "The cat starts to dance" } },
  "object-detection": { args: [IMAGE], kwargs: {} },
  "question-answering": { args: [], kwargs: { question: "What is my name?", context: "My name is Clara and I live in Berkeley." } },
  "sentence-similarity": {
    args: ["That is a happy person"],
    kwargs: { other_sentences: ["That is a happy dog", "That is a very happy person", "Today is a sunny day"] },
  },
  "summarization": { args: [expect.stringContaining("The tower is 324 metres")], kwargs: {} },
  "table-question-answering": {
    args: [],
    kwargs: {
      table: { Repository: ["Transformers", "Datasets", "Tokenizers"], Stars: ["36542", "4512", "3934"] },
      query: "How many stars does the transformers repository have?",
    },
  },
  "tabular-classification": {
    args: [],
    kwargs: { table: { fixed_acidity: ["7.4", "7.8", "10.3"], volatile_acidity: ["0.7", "0.88", "0.32"], alcohol: ["9.4", "9.8", "10.1"] } },
  },
  "tabular-regression": {
    args: [],
    kwargs: { table: { Height: ["11.52", "12.48", "12.3778"], Length1: ["23.2", "24", "23.9"], Width: ["4.02", "4.3056", "4.6961"] } },
  },
  "text-classification": { args: ["I like you. I love you"], kwargs: {} },
  "text-generation": { args: ["Can you please let us know more details about your "], kwargs: {} },
  "text-to-image": { args: ["Astronaut riding a horse"], kwargs: {} },
  "text-to-speech": { args: ["The answer to the universe is 42"], kwargs: {} },
  "text-to-video": { args: ["A young man walking on the street"], kwargs: {} },
  "token-classification": { args: ["My name is Sarah Jessica Parker but you can call me Jessica"], kwargs: {} },
  "translation": { args: ["Меня зовут Вольфганг и я живу в Берлине"], kwargs: {} },
  "zero-shot-classification": { args: [expect.stringContaining("Hi, I recently bought a device")], kwargs: { candidate_labels: ["refund", "legal", "faq"] } },
  "zero-shot-image-classification": { args: [IMAGE], kwargs: { candidate_labels: ["cat", "dog", "llama"] } },
};

function callOf(calls: PythonCall[], func: string): PythonCall {
  const call = calls.find((candidate) => candidate.func === func);
  if (!call) throw new Error(`no call to ${func} among ${calls.map((c) => c.func).join(", ")}`);
  return call;
}

function parsed(content: string): PythonCall[] {
  const [result] = parsePython([content]);
  if (!result?.ok) throw new Error(`does not parse: ${result?.ok === false ? result.error : ""}\n${content}`);
  return result.calls;
}

/** Python's parser reads each client's calls (and python3 runs fal_client's stand-in): without it, this file is a named skip. */
const PYTHON = fileNeeds("the Python clients' calls, read by Python's parser", "python3");

describe.skipIf(!PYTHON)("huggingface_hub", () => {
  const tasks = INFERENCE_TASKS.filter((task) => PYTHON_METHODS[task]);
  // One python3 run parses them all.
  const parsedByTask = new Map<string, PythonCall[]>();
  beforeAll(() => {
    const contents = tasks.map((task) => {
      const { snippets } = wordedSnippets(syntheticModel(task, { id: `acme/${task}` }), { language: "python", client: "huggingface_hub" });
      expect(snippets, task).toHaveLength(1);
      return snippets[0]!.content;
    });
    parsePython(contents).forEach((result, i) => {
      if (!result.ok) throw new Error(`${tasks[i]}: ${result.error}`);
      parsedByTask.set(tasks[i]!, result.calls);
    });
  });

  it("has an expectation for every task it has a method for", () => {
    expect(tasks.filter((task) => !EXPECTED_CALLS[task])).toEqual([]);
  });

  it.each(tasks)("%s calls its method with the example input", (task) => {
    const calls = parsedByTask.get(task)!;
    expect(callOf(calls, "InferenceClient").kwargs).toEqual({ provider: "auto", api_key: { expr: "os.environ['HF_TOKEN']" } });
    const call = callOf(calls, `client.${PYTHON_METHODS[task]!.name}`);
    const expected = EXPECTED_CALLS[task]!;
    expect(call.args).toEqual(expected.args);
    expect(call.kwargs).toEqual({ ...expected.kwargs, model: `acme/${task}` });
  });

  it("names the provider, a provider key with --direct, and the organisation billed", () => {
    const model = syntheticModel("text-to-image");
    const direct = parsed(wordedSnippets(model, { client: "huggingface_hub", provider: "fal-ai", direct: true }).snippets[0]!.content);
    expect(callOf(direct, "InferenceClient").kwargs).toEqual({ provider: "fal-ai", api_key: { expr: "os.environ['FAL_AI_API_KEY']" } });
    const billed = parsed(wordedSnippets(model, { client: "huggingface_hub", provider: "replicate", billTo: "acme-research" }).snippets[0]!.content);
    expect(callOf(billed, "InferenceClient").kwargs).toEqual({ provider: "replicate", api_key: { expr: "os.environ['HF_TOKEN']" }, bill_to: "acme-research" });
    const embedded = parsed(wordedSnippets(model, { client: "huggingface_hub", provider: "replicate", token: "hf_abc'\"$x" }).snippets[0]!.content);
    expect(callOf(embedded, "InferenceClient").kwargs.api_key).toBe("hf_abc'\"$x");
  });

  it("calls an inference endpoint by its URL, without a model id", () => {
    const model = syntheticModel("summarization");
    const calls = parsed(wordedSnippets(model, { client: "huggingface_hub", endpointUrl: "https://my-endpoint.example/" }).snippets[0]!.content);
    expect(callOf(calls, "InferenceClient").kwargs).toEqual({ base_url: "https://my-endpoint.example/", api_key: { expr: "os.environ['API_TOKEN']" } });
    expect(callOf(calls, "client.summarization").kwargs).toEqual({});
  });

  it.each([false, true])("chat (stream %s) uses chat.completions.create with the hub id", (stream) => {
    const model = syntheticModel("image-text-to-text", { conversational: true });
    const calls = parsed(wordedSnippets(model, { client: "huggingface_hub", provider: "together", stream, maxTokens: 100 }).snippets[0]!.content);
    expect(callOf(calls, "InferenceClient").kwargs.provider).toBe("together");
    const create = callOf(calls, "client.chat.completions.create");
    expect(create.kwargs.model).toBe(model.id);
    expect(create.kwargs.max_tokens).toBe(100);
    expect(create.kwargs.stream).toBe(stream ? true : undefined);
    expect(create.kwargs.messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "Describe this image in one sentence." },
          { type: "image_url", image_url: { url: expect.stringMatching(/^https:\/\//) } },
        ],
      },
    ]);
  });
});

describe("openai (python)", () => {
  it.each([
    { provider: "cerebras", direct: false, baseUrl: "https://router.huggingface.co/v1", key: "HF_TOKEN", model: "acme/chat:cerebras" },
    { provider: "auto", direct: false, baseUrl: "https://router.huggingface.co/v1", key: "HF_TOKEN", model: "acme/chat" },
    { provider: "groq", direct: true, baseUrl: "https://api.groq.com/openai/v1", key: "GROQ_API_KEY", model: providerIdFor("groq", "acme/chat") },
    { provider: "hf-inference", direct: true, baseUrl: "https://router.huggingface.co/hf-inference/models/acme/chat/v1", key: "HF_TOKEN", model: "acme/chat" },
  ])("$provider (direct: $direct) calls $baseUrl", ({ provider, direct, baseUrl, key, model }) => {
    const chat = syntheticModel("text-generation", { conversational: true, id: "acme/chat" });
    const { snippets } = wordedSnippets(chat, { language: "python", client: "openai", provider: provider as never, direct, temperature: 0.1 });
    const calls = parsed(snippets[0]!.content);
    expect(callOf(calls, "OpenAI").kwargs).toEqual({ base_url: baseUrl, api_key: { expr: `os.environ['${key}']` } });
    const create = callOf(calls, "client.chat.completions.create");
    expect(create.kwargs).toEqual({ model, messages: [{ role: "user", content: "What is the capital of France?" }], temperature: 0.1 });
  });

  it("sends the provider's own headers and the billed organisation as default headers", () => {
    const chat = syntheticModel("text-generation", { conversational: true, id: "acme/chat" });
    const direct = parsed(wordedSnippets(chat, { language: "python", client: "openai", provider: "zai-org", direct: true }).snippets[0]!.content);
    const wire = WIRE["zai-org"]!.conversational!.direct!.headers;
    expect(callOf(direct, "OpenAI").kwargs.default_headers).toEqual({
      "x-source-channel": wire["x-source-channel"],
      "accept-language": wire["accept-language"],
    });
    const billed = parsed(wordedSnippets(chat, { language: "python", client: "openai", provider: "together", billTo: "acme" }).snippets[0]!.content);
    expect(callOf(billed, "OpenAI").kwargs.default_headers).toEqual({ "X-HF-Bill-To": "acme" });
  });
});

describe("fal_client", () => {
  it("subscribes to the fal application with the provider's arguments", () => {
    const model = syntheticModel("text-to-image");
    const calls = parsed(wordedSnippets(model, { client: "fal_client", provider: "fal-ai", direct: true }).snippets[0]!.content);
    expect(callOf(calls, "fal_client.SyncClient").kwargs).toEqual({ key: { expr: "os.environ['FAL_AI_API_KEY']" } });
    const subscribe = callOf(calls, "client.subscribe");
    expect(subscribe.args[0]).toBe(providerIdFor("fal-ai", model.id));
    expect(subscribe.kwargs.arguments).toEqual({ prompt: "Astronaut riding a horse" });
  });

  it("uploads the local file once and passes its URL", () => {
    const model = syntheticModel("image-to-image");
    const calls = parsed(wordedSnippets(model, { client: "fal_client", provider: "fal-ai", direct: true }).snippets[0]!.content);
    expect(calls.filter((call) => call.func === "client.upload_file").map((call) => call.args)).toEqual([[IMAGE]]);
    expect(callOf(calls, "client.subscribe").kwargs.arguments).toEqual({
      expr: "{'prompt': 'Turn the cat into a tiger.', 'image_url': image_url, 'image_urls': [image_url]}",
    });
  });

  it("is offered for fal's tasks with --direct only", () => {
    const model = syntheticModel("text-to-video");
    const routed = wordedSnippets(model, { client: "fal_client", provider: "fal-ai" });
    expect(routed.snippets).toEqual([]);
    expect(routed.problems).toEqual(["fal_client calls fal-ai directly with its own key: add --direct (text-to-video)"]);
    const clients = wordedSnippets(model, { provider: "fal-ai", direct: true, language: "python" }).snippets.map((snippet) => snippet.client);
    expect(clients).toEqual(["huggingface_hub", "requests", "fal_client"]);
  });
});

describe("fal_client, run against a stand-in of the package", () => {
  it("saves the file the result names, as the other clients do, and says where", async () => {
    const { readFileSync, existsSync } = await import("node:fs");
    const { createServer } = await import("node:http");
    const { join } = await import("node:path");
    const { runWithFalStandIn } = await import("../helpers/fal-sample.js");
    const png = Buffer.from("89504e470d0a1a0a", "hex");
    const server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "image/png" });
      response.end(png);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const snippet = wordedSnippets(syntheticModel("text-to-image"), { client: "fal_client", provider: "fal-ai", direct: true }).snippets[0]!;
      // The package's one call the snippet makes, answering as fal does: the image's URL on its file host.
      const { result, saved } = await runWithFalStandIn(
        snippet.content,
        `class SyncClient:\n    def __init__(self, key):\n        self.key = key\n\n    def subscribe(self, application, arguments):\n        return {"images": [{"url": "http://127.0.0.1:${port}/files/image", "content_type": "image/png"}], "seed": 1}\n`,
        (outcome, dir) => ({ result: outcome, saved: existsSync(join(dir, "output.png")) && readFileSync(join(dir, "output.png")) }),
      );
      expect(result.stderr).toBe("");
      expect(result.stdout).toBe("Saved output.png\n");
      expect(saved).toEqual(png);
    } finally {
      server.close();
    }
  });
});
