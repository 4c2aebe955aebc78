import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback server that imitates the hub's model API
 * (GET /api/models/{id}?expand[]=...), scripted per model id.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface ScriptedResponse {
  status?: number;
  /** An object is sent as JSON; a string as is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before sending anything. */
  headersDelayMs?: number;
  /** Send the headers and half the body, then wait this long before the rest. */
  stallBodyMs?: number;
  /** Close the connection without answering. */
  drop?: boolean;
}

export type Responder = ScriptedResponse | ((request: RecordedRequest) => ScriptedResponse);

export interface HubServer {
  endpoint: string;
  requests: RecordedRequest[];
  /** Requests for one model id. */
  requestsFor(id: string): RecordedRequest[];
  close(): Promise<void>;
}

const API_PREFIX = "/api/models/";

/** The hub answers an unknown repository like this. */
const NOT_FOUND: ScriptedResponse = { status: 404, body: { error: "Repository not found" }, headers: { "x-error-code": "RepoNotFound" } };

/**
 * Starts the server. Each model id gets a list of responses: the n-th request
 * gets the n-th one, and the last one repeats.
 */
export async function startHubServer(routes: Record<string, Responder | Responder[]>): Promise<HubServer> {
  const requests: RecordedRequest[] = [];
  const served = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, action: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, ms);
    timers.add(timer);
  };

  const send = (res: ServerResponse, scripted: ScriptedResponse) => {
    if (scripted.drop) {
      res.socket?.destroy();
      return;
    }
    const body = typeof scripted.body === "string" ? scripted.body : scripted.body === undefined ? "" : JSON.stringify(scripted.body);
    const type = typeof scripted.body === "string" ? "text/plain; charset=utf-8" : "application/json; charset=utf-8";
    res.writeHead(scripted.status ?? 200, { "content-type": type, "content-length": Buffer.byteLength(body), ...scripted.headers });
    if (scripted.stallBodyMs === undefined) {
      res.end(body);
      return;
    }
    const half = Math.floor(body.length / 2);
    res.write(body.slice(0, half));
    later(scripted.stallBodyMs, () => res.end(body.slice(half)));
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const recorded: RecordedRequest = { method: req.method ?? "", path: decodeURIComponent(url.pathname), query: url.searchParams, headers: req.headers };
    requests.push(recorded);
    const id = recorded.path.startsWith(API_PREFIX) ? recorded.path.slice(API_PREFIX.length) : undefined;
    const route = id === undefined ? undefined : routes[id];
    let scripted: ScriptedResponse = NOT_FOUND;
    if (route !== undefined && id !== undefined) {
      const list = Array.isArray(route) ? route : [route];
      const index = Math.min(served.get(id) ?? 0, list.length - 1);
      served.set(id, (served.get(id) ?? 0) + 1);
      const responder = list[index]!;
      scripted = typeof responder === "function" ? responder(recorded) : responder;
    }
    if (scripted.headersDelayMs) later(scripted.headersDelayMs, () => send(res, scripted));
    else send(res, scripted);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    requestsFor: (id) => requests.filter((request) => request.path === `${API_PREFIX}${id}`),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port with nothing listening on it (for "connection refused"). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const GATED_TOKEN = "hf_testTokenWithAccess";

/** A gated model: 401 without a token, 403 with one that has no access, 200 with GATED_TOKEN. */
export function gatedModel(data: object): Responder {
  return (request) => {
    const authorization = request.headers.authorization;
    if (authorization === undefined) {
      return { status: 401, body: { error: "Access to this model is restricted: log in and request access first." }, headers: { "x-error-code": "GatedRepo" } };
    }
    if (authorization !== `Bearer ${GATED_TOKEN}`) {
      return { status: 403, body: { error: "You are not on the list of users allowed to access this model." }, headers: { "x-error-code": "GatedRepo" } };
    }
    return { body: data };
  };
}

/*
 * Answers shaped like the hub API's with expand[]: `_id` and `id`, then only
 * the fields asked for. The hub has sent the provider mapping both as a list
 * and as an object keyed by provider; one sample of each.
 */

export const CHAT_MODEL = {
  _id: "66969d2f6d8be4c3a2a7bb21",
  id: "meta-llama/Llama-3.1-8B-Instruct",
  pipeline_tag: "text-generation",
  library_name: "transformers",
  tags: [
    "transformers",
    "safetensors",
    "llama",
    "text-generation",
    "conversational",
    "en",
    "base_model:meta-llama/Llama-3.1-8B",
    "license:llama3.1",
    "region:us",
  ],
  config: {
    architectures: ["LlamaForCausalLM"],
    model_type: "llama",
    tokenizer_config: { bos_token: "<|begin_of_text|>", eos_token: "<|eot_id|>", pad_token: null },
  },
  cardData: { base_model: "meta-llama/Llama-3.1-8B", license: "llama3.1", language: ["en", "de"], extra_gated_prompt: "Accept the licence." },
  widgetData: [{ text: "Hi, what can you help me with?" }],
  transformersInfo: { auto_model: "AutoModelForCausalLM", pipeline_tag: "text-generation", processor: "AutoTokenizer" },
  inferenceProviderMapping: [
    { provider: "novita", providerId: "meta-llama/llama-3.1-8b-instruct", status: "live", task: "conversational" },
    { provider: "cerebras", providerId: "llama3.1-8b", status: "live", task: "conversational" },
    { provider: "nscale", providerId: "meta-llama/Llama-3.1-8B-Instruct", status: "staging", task: "conversational" },
    { provider: "hf-inference", providerId: "meta-llama/Llama-3.1-8B-Instruct", status: "live", task: "conversational" },
  ],
};

export const TEXT_TO_IMAGE_MODEL = {
  _id: "66aaa908fc35e079a941470d",
  id: "black-forest-labs/FLUX.1-dev",
  pipeline_tag: "text-to-image",
  library_name: "diffusers",
  tags: ["diffusers", "safetensors", "text-to-image", "image-generation", "flux", "en", "license:other", "diffusers:FluxPipeline", "region:us"],
  config: { diffusers: { _class_name: "FluxPipeline" } },
  cardData: { license: "other", instance_prompt: null, widget: [{ text: "A cat holding a sign" }] },
  widgetData: [{ text: "Astronaut riding a horse" }],
  inferenceProviderMapping: {
    "fal-ai": { providerId: "fal-ai/flux/dev", status: "live", task: "text-to-image" },
    replicate: { providerId: "black-forest-labs/flux-dev", status: "live", task: "text-to-image" },
    together: { providerId: "black-forest-labs/FLUX.1-dev", status: "error", task: "text-to-image" },
  },
};

export const GATED_MODEL = {
  _id: "66f5a8c1bcb3f9cb3f8a1e90",
  id: "acme-research/gated-tiny-llm",
  pipeline_tag: "text-generation",
  library_name: "transformers",
  tags: ["transformers", "text-generation", "conversational", "license:other"],
  config: { architectures: ["LlamaForCausalLM"], model_type: "llama" },
  cardData: { license: "other" },
  transformersInfo: { auto_model: "AutoModelForCausalLM", processor: "AutoTokenizer" },
  inferenceProviderMapping: [{ provider: "hf-inference", providerId: "acme-research/gated-tiny-llm", status: "live", task: "text-generation" }],
};

export const FILL_MASK_MODEL = {
  _id: "621ffdc036468d709f174338",
  id: "google-bert/bert-base-uncased",
  pipeline_tag: "fill-mask",
  library_name: "transformers",
  mask_token: "[MASK]",
  tags: ["transformers", "pytorch", "bert", "fill-mask", "en", "license:apache-2.0"],
  config: { architectures: ["BertForMaskedLM"], model_type: "bert" },
  widgetData: [{ text: "Paris is the [MASK] of France." }],
  transformersInfo: { auto_model: "AutoModelForMaskedLM", pipeline_tag: "fill-mask", processor: "AutoTokenizer" },
  gguf: null,
};
