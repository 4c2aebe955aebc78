import type { Tree } from "./payload.js";
import { CLIENTS_BY_LANGUAGE, clientDescriptor, LANGUAGES } from "./id-lists.js";
import type { Client, Language } from "./ids.js";
import type { FunctionTool } from "./tool-schema.js";
import { schemaName, type SchemaRequest } from "./tools.js";

/*
 * The Responses API (`POST {router}/v1/responses`), which the router serves
 * beside chat completions: the same conversation, sent as `input` with the
 * system message as `instructions`, and read back as output items (or, with
 * streaming, as named events). What the request carries is decided here; the
 * templates only print the answer.
 */

/** What `--api` accepts: chat completions (the default) or the Responses API. */
export const CHAT_APIS = ["chat", "responses"] as const;
export type ChatApi = (typeof CHAT_APIS)[number];

/** The router's own choices of provider for a chat request (`model:fastest`), which `--provider` also takes. */
export const ROUTER_POLICIES = ["fastest", "cheapest"] as const;
export type RouterPolicy = (typeof ROUTER_POLICIES)[number];

/** What `--reasoning-effort` accepts, as both APIs name the levels. */
export const REASONING_EFFORTS = ["low", "medium", "high"] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

/**
 * The clients that write a Responses request: the raw-HTTP ones and the
 * OpenAI SDKs. The hub clients have no method for it, and a provider's own
 * SDK calls that provider only.
 */
export function speaksResponses(language: Language, client: Client): boolean {
  const { api } = clientDescriptor(language, client);
  return api === "http" || api === "chat";
}

let clientList: string | undefined;

/** "requests (python), openai (python), …", for the hint when a client that cannot is asked for. */
export function responsesClientList(): string {
  clientList ??= LANGUAGES.flatMap((language) =>
    CLIENTS_BY_LANGUAGE[language].filter((client) => speaksResponses(language, client)).map((client) => `${client} (${language})`),
  ).join(", ");
  return clientList;
}

/**
 * The sampling and reasoning settings a Responses request carries (chat completions name the same ones
 * otherwise), and its tools and format; a chat request's settings are these and `response_format`.
 */
export interface ResponsesParameters {
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
  reasoning_effort?: ReasoningEffort;
  stream: boolean;
  /** The function tools, as sent: nested for chat completions, flat for the Responses API (`responsesTools`). */
  tools?: Tree;
  /** Structured output's `text` member (`responsesText`), as sent to the Responses API. */
  text?: Tree;
}

/**
 * The function tools as the Responses API takes them: flat, the function's
 * members beside `type` rather than nested under `function`. The members
 * keep the file's order and values, so the request carries them as given.
 */
export function responsesTools(tools: readonly FunctionTool[]): Tree {
  return tools.map(({ type, function: members }) => ({ type, ...(members as { [key: string]: Tree | undefined }) }));
}

/** Structured output as the Responses API takes it: `text.format`, the json_schema format's members flat. */
export function responsesText(request: SchemaRequest): Tree {
  return { format: { type: "json_schema", name: schemaName(request), schema: request.schema as Tree, strict: true } };
}

function isRecord(value: Tree | undefined): value is { [key: string]: Tree | undefined } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A chat content part as the Responses API names it: `input_text`, and `input_image` whose `image_url` is the URL itself. */
function inputPart(part: Tree): Tree {
  if (!isRecord(part)) return part;
  if (part.type === "text") return { type: "input_text", text: part.text };
  if (part.type === "image_url") {
    const image = part.image_url;
    return { type: "input_image", image_url: isRecord(image) ? image.url : image };
  }
  return part;
}

function inputMessage(message: Tree): Tree {
  if (!isRecord(message) || !Array.isArray(message.content)) return message;
  return { ...message, content: message.content.map(inputPart) };
}

/**
 * The conversation as `instructions` and `input`: the first system message
 * with plain text becomes the instructions; a lone user text is sent as a
 * plain string, as the API's own examples do, unless `list` asks for a list
 * (a tool loop adds the calls and their results to it); anything else stays
 * a list of messages with its parts renamed.
 */
export function responsesInput(messages: readonly Tree[], list = false): { instructions?: string; input: Tree } {
  const systemAt = messages.findIndex((message) => isRecord(message) && message.role === "system" && typeof message.content === "string");
  const system = systemAt < 0 ? undefined : messages[systemAt];
  const rest = messages.filter((_, index) => index !== systemAt);
  const instructions = isRecord(system) && typeof system.content === "string" ? system.content : undefined;
  const only = rest.length === 1 ? rest[0] : undefined;
  const input: Tree = !list && isRecord(only) && only.role === "user" && typeof only.content === "string" ? only.content : rest.map(inputMessage);
  return instructions === undefined ? { input } : { instructions, input };
}

/**
 * A Responses request's members but `model`: what the raw-HTTP body sends,
 * and what an SDK's tool loop sends again with each round's input. With
 * tools the input is always a list, which the loop extends.
 */
export function responsesBodyMembers(messages: readonly Tree[], parameters: ResponsesParameters): { [key: string]: Tree | undefined } {
  const { instructions, input } = responsesInput(messages, parameters.tools !== undefined);
  return {
    instructions,
    input,
    tools: parameters.tools,
    text: parameters.text,
    temperature: parameters.temperature,
    max_output_tokens: parameters.max_tokens,
    top_p: parameters.top_p,
    reasoning: parameters.reasoning_effort === undefined ? undefined : { effort: parameters.reasoning_effort },
    stream: parameters.stream ? true : undefined,
  };
}

/** The request body: `max_tokens` is `max_output_tokens` here, and the effort sits in `reasoning`. */
export function responsesBody(model: string, messages: readonly Tree[], parameters: ResponsesParameters): { [key: string]: Tree | undefined } {
  return { model, ...responsesBodyMembers(messages, parameters) };
}
