import type { ProviderChoice, ProviderId, RouteTask } from "./ids.js";
import type { Tree } from "./payload.js";
import type { TaskInput } from "./inputs.js";
import { PROVIDERS } from "./providers/index.js";
import type { AuthScheme, Body, JobLink, JsonPath, Output, QueueProtocol, TaskRoute } from "./providers/types.js";
import { JSON_OUTPUT, UnusableModelIdError } from "./providers/shared.js";
import { textOf } from "./input-readers.js";
import { SnippetProblem } from "./problem.js";
import { noRouteProblem } from "./serving.js";
import type { CallMode, TokenSource } from "./token.js";
import { responsesBody, type ChatApi, type ResponsesParameters, type RouterPolicy } from "./responses.js";

/*
 * The HTTP request a snippet sends, from the provider facts. Raw-HTTP
 * snippets (requests, fetch, curl) write it out; for the client libraries it
 * is what the library will send.
 */

const ROUTER_URL = "https://router.huggingface.co";
const ROUTER_CHAT_URL = `${ROUTER_URL}/v1/chat/completions`;
const ROUTER_RESPONSES_URL = `${ROUTER_URL}/v1/responses`;

export interface HttpRequest {
  url: string;
  auth: { scheme: AuthScheme; token: TokenSource };
  /** Headers besides Authorization, Content-Type included, in the order they are written. */
  headers: [string, string][];
  body: Body;
  output: Output;
  /** The provider queues the job; the reply is a receipt to follow to the output file. */
  queue?: QueuedJob;
}

/** A job address: `before`, then the receipt's value at `field` (a URL's path, or an id), then `after`. */
export interface JobAddress {
  kind: JobLink["kind"];
  field: JsonPath;
  before: string;
  after: string;
}

/** A queue protocol with its addresses resolved against the base the job was submitted to. */
export interface QueuedJob extends Omit<QueueProtocol, "status" | "result"> {
  status: JobAddress;
  result?: JobAddress;
}

function jobAddress(link: JobLink, base: string, query: string): JobAddress {
  const after = `${link.suffix ?? ""}${query}`;
  return { kind: link.kind, field: link.field, before: link.kind === "id" ? `${base}${link.prefix}` : base, after };
}

function queuedJob(protocol: QueueProtocol, base: string, query: string): QueuedJob {
  const { status, result, ...rest } = protocol;
  return { ...rest, status: jobAddress(status, base, query), ...(result && { result: jobAddress(result, base, query) }) };
}

export interface ChatRequest extends HttpRequest {
  /** The `model` the body names. */
  model: string;
  /** The OpenAI-compatible base URL (the chat URL without `/chat/completions`). */
  baseUrl: string;
}

export interface Target {
  /** The provider asked for; "auto" lets the router choose, which only chat requests can be written for. */
  provider: ProviderChoice;
  providerModelId: string;
  /** The hub model id. */
  modelId: string;
  mode: CallMode;
  endpointUrl?: string;
  token: TokenSource;
  billTo?: string;
  /** With provider auto, routed chat: the router's policy, or a provider hubref has no table for, named after the model (`<id>:fastest`). */
  policy?: RouterPolicy | string;
}

/** The `model` a routed chat names: the hub id, then the provider or the router's policy; auto alone leaves the choice to the router. */
function routedModel(target: Target): string {
  if (target.provider !== "auto") return `${target.modelId}:${target.provider}`;
  return target.policy === undefined ? target.modelId : `${target.modelId}:${target.policy}`;
}

/** A chat request's settings: the members a Responses request carries too, and chat completions' structured output. */
export interface ChatParameters extends ResponsesParameters {
  /** Structured output's `response_format`, as sent (chat completions). */
  response_format?: Tree;
}

function headersFor(target: Target, providerHeaders: Readonly<Record<string, string>> | undefined, contentType: string): [string, string][] {
  const headers: [string, string][] = Object.entries(providerHeaders ?? {});
  headers.push(["Content-Type", contentType]);
  if (target.billTo !== undefined) headers.push(["X-HF-Bill-To", target.billTo]);
  return headers;
}

function contentTypeOf(body: Body): string {
  return body.kind === "binary" ? body.file.mime : "application/json";
}

function hubReachableProvider(target: Target, task: RouteTask): ProviderId {
  if (target.provider === "auto") throw new Error("a request for provider auto is the client's to make");
  const provider = PROVIDERS[target.provider];
  if (target.mode === "routed" && !provider.acceptsHubTokens) {
    throw new SnippetProblem({ kind: "provider-refuses-hub-tokens", provider: provider.id, task });
  }
  return provider.id;
}

function unusableId(error: unknown): unknown {
  return error instanceof UnusableModelIdError ? new SnippetProblem({ kind: "provider-model-id-unusable", id: error.id }) : error;
}

/** The route of a task at a provider, or the "no provider helper" problem. */
export function routeOf(provider: ProviderId, task: Exclude<RouteTask, "conversational">): TaskRoute {
  const route = PROVIDERS[provider].tasks[task];
  if (!route) throw noRouteProblem(provider, task);
  return route;
}

function endpointBody(task: Exclude<RouteTask, "conversational">, input: TaskInput, modelId: string): { body: Body; output: Output } {
  // An endpoint serves one model at its own URL: text generation takes `inputs` there, like every other task.
  if (task === "text-generation") return { body: { kind: "json", value: { inputs: textOf(input) } }, output: JSON_OUTPUT };
  const route = routeOf("hf-inference", task);
  return { body: route.body(input, modelId), output: route.output };
}

/** The request for a pipeline task (not chat). */
export function taskRequest(target: Target, task: Exclude<RouteTask, "conversational">, input: TaskInput): HttpRequest {
  if (target.mode === "endpoint") {
    const { body, output } = endpointBody(task, input, target.modelId);
    return {
      url: target.endpointUrl!,
      auth: { scheme: "Bearer", token: target.token },
      headers: headersFor(target, undefined, contentTypeOf(body)),
      body,
      output,
    };
  }
  const id = hubReachableProvider(target, task);
  const provider = PROVIDERS[id];
  const route = routeOf(id, task);
  let path: string;
  try {
    path = route.path(target.providerModelId);
  } catch (error) {
    throw unusableId(error);
  }
  const base = target.mode === "routed" ? `${ROUTER_URL}/${id}` : (route.directBaseUrl ?? provider.directBaseUrl);
  const query = target.mode === "routed" && route.routedQuery ? `?${route.routedQuery}` : "";
  const url = `${base}${path}${query}`;
  const body = route.body(input, target.providerModelId);
  const scheme = target.mode === "routed" ? "Bearer" : provider.authScheme;
  const request: HttpRequest = {
    url,
    auth: { scheme, token: target.token },
    headers: headersFor(target, provider.headers, contentTypeOf(body)),
    body,
    output: route.output,
  };
  if (route.queue) request.queue = queuedJob(route.queue, base, query);
  return request;
}

/**
 * An endpoint URL's route for one API (`chat/completions`, `responses`): below its `/v1` unless it already names
 * it; the other API's route, pasted from a chat example, gives way to it.
 */
function endpointRoute(endpointUrl: string, route: "chat/completions" | "responses"): string {
  const given = endpointUrl.replace(/\/+$/, "");
  if (given.endsWith(`/${route}`)) return given;
  const base = given.replace(/\/v1\/(chat\/completions|responses)$/, "/v1");
  if (base.endsWith("/v1")) return `${base}/${route}`;
  return `${base}/v1/${route}`;
}

function endpointChatUrl(endpointUrl: string): string {
  return endpointRoute(endpointUrl, "chat/completions");
}

function chatBody(model: string, messages: Tree[], parameters: ChatParameters): Tree {
  return { model, ...chatBodyMembers(messages, parameters) };
}

/**
 * A chat request's members but its target (model, provider): what the raw-HTTP body
 * sends, and what a client library's tool loop sends again with each round's messages.
 */
export function chatBodyMembers(messages: Tree[], parameters: ChatParameters): Record<string, Tree | undefined> {
  return {
    messages,
    tools: parameters.tools,
    response_format: parameters.response_format,
    temperature: parameters.temperature,
    max_tokens: parameters.max_tokens,
    top_p: parameters.top_p,
    reasoning_effort: parameters.reasoning_effort,
    stream: parameters.stream ? true : undefined,
  };
}

/**
 * A chat-completions request. Routed calls use the router's OpenAI-compatible
 * route and name the provider in the model (`<id>:<provider>`, or just `<id>`
 * for auto); direct calls use the provider's own route and model id.
 */
export function chatRequest(target: Target, messages: Tree[], parameters: ChatParameters, api: ChatApi = "chat"): ChatRequest {
  if (api === "responses") return responsesRequest(target, messages, parameters);
  let url: string;
  let model: string;
  let scheme: AuthScheme = "Bearer";
  let providerHeaders: Readonly<Record<string, string>> | undefined;
  if (target.mode === "endpoint") {
    url = endpointChatUrl(target.endpointUrl!);
    model = target.modelId;
  } else if (target.mode === "routed") {
    if (target.provider !== "auto") {
      const id = hubReachableProvider(target, "conversational");
      if (!PROVIDERS[id].chatPath) throw noRouteProblem(id, "conversational");
    }
    url = ROUTER_CHAT_URL;
    model = routedModel(target);
  } else {
    const id = hubReachableProvider(target, "conversational");
    const provider = PROVIDERS[id];
    if (!provider.chatPath) throw noRouteProblem(id, "conversational");
    try {
      url = `${provider.directBaseUrl}${provider.chatPath(target.providerModelId)}`;
    } catch (error) {
      throw unusableId(error);
    }
    model = target.providerModelId;
    scheme = provider.authScheme;
    providerHeaders = provider.headers;
  }
  const body: Body = { kind: "json", value: chatBody(model, messages, parameters) };
  return {
    url,
    model,
    baseUrl: url.replace(/\/chat\/completions$/, ""),
    auth: { scheme, token: target.token },
    headers: headersFor(target, providerHeaders, "application/json"),
    body,
    output: JSON_OUTPUT,
  };
}

/**
 * A Responses API request: to the router (the model named after the hub id as
 * for chat), or to an OpenAI-compatible server of the user's own at its
 * `/v1/responses` (vLLM serves one), naming the hub id as its chat route does.
 * No provider's own route is known to take it, so a direct call is refused
 * here as well as by the command.
 */
function responsesRequest(target: Target, messages: Tree[], parameters: ChatParameters): ChatRequest {
  if (target.mode === "endpoint") {
    const url = endpointRoute(target.endpointUrl!, "responses");
    return {
      url,
      model: target.modelId,
      baseUrl: url.replace(/\/responses$/, ""),
      auth: { scheme: "Bearer", token: target.token },
      headers: headersFor(target, undefined, "application/json"),
      body: { kind: "json", value: responsesBody(target.modelId, messages, parameters) },
      output: JSON_OUTPUT,
    };
  }
  if (target.mode !== "routed") throw new SnippetProblem({ kind: "responses-need-router" });
  if (target.provider !== "auto") hubReachableProvider(target, "conversational");
  const model = routedModel(target);
  return {
    url: ROUTER_RESPONSES_URL,
    model,
    baseUrl: `${ROUTER_URL}/v1`,
    auth: { scheme: "Bearer", token: target.token },
    headers: headersFor(target, undefined, "application/json"),
    body: { kind: "json", value: responsesBody(model, messages, parameters) },
    output: JSON_OUTPUT,
  };
}
