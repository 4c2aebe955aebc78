import type { InferenceTask, ProviderChoice } from "../ids.js";
import { fileRef, type FileRef, type Tree } from "../payload.js";
import type { TaskInput } from "../inputs.js";
import type { ChatParameters, ChatRequest, HttpRequest } from "../request.js";
import type { CallMode, TokenSource } from "../token.js";
import type { ChatApi, RouterPolicy } from "../responses.js";
import type { Output } from "../providers/types.js";
import { filesOfTree, type ReadFile } from "./forms.js";
import type { SchemaRequest, ToolSet } from "../tools.js";

interface ContextBase {
  task: InferenceTask;
  modelId: string;
  /** The provider as the snippet names it ("auto" included). */
  provider: ProviderChoice;
  providerModelId: string;
  mode: CallMode;
  endpointUrl?: string;
  token: TokenSource;
  billTo?: string;
  input: TaskInput;
  /** The input is the task's example (no --inputs): a file it names stands for the user's own. */
  usesExample: boolean;
  /** With provider auto: the router's policy, or a provider hubref has no table for, that the request names (`<id>:fastest`). */
  routerPolicy?: RouterPolicy | string;
  /** Values computed once per context and shared by its snippets (see memoPerContext). */
  memo: Map<unknown, unknown>;
}

/** A chat completion: every client can write it, the raw-HTTP ones from `request`. */
export interface ChatContext extends ContextBase {
  call: "chat";
  /** Chat completions, or the Responses API (`request` is then a Responses request). */
  api: ChatApi;
  request: ChatRequest;
  messages: Tree[];
  parameters: ChatParameters;
  /** --tools: the snippet defines the tools and runs the calls the model asks for. */
  tools?: ToolSet;
  /** --schema: the reply is JSON following this schema. */
  schema?: SchemaRequest;
}

/** A pipeline task at a known provider: the request is decided here. */
export interface TaskContext extends ContextBase {
  call: "task";
  request: HttpRequest;
}

/** A pipeline task with provider auto: only a client library can decide the request, so there is none. */
export interface LibraryContext extends ContextBase {
  call: "library";
}

/** Everything a template's fields are computed from, for one model, provider and client; what is known depends on how the call is made. */
export type SnippetContext = ChatContext | TaskContext | LibraryContext;

/** The request a raw-HTTP client writes out; the engine offers those clients only contexts that have one. */
export function requestOf(context: SnippetContext, client: string): HttpRequest {
  if (context.call === "library") throw new Error(`${client} needs a provider to write a ${context.task} request`);
  return context.request;
}

/** The chat context a chat-only client (openai) needs. */
export function chatOf(context: SnippetContext, client: string): ChatContext {
  if (context.call !== "chat") throw new Error(`${client} writes chat completions only, not ${context.task}`);
  return context;
}

/** Per-context values a language computes once and shares between its clients. */
export function memoPerContext<C extends SnippetContext, T>(compute: (context: C) => T): (context: C) => T {
  const key = Symbol(compute.name);
  return (context) => {
    let value = context.memo.get(key) as T | undefined;
    if (value === undefined) {
      value = compute(context);
      context.memo.set(key, value);
    }
    return value;
  };
}

/** The local images a chat's messages send as data URLs, each read once by the code into its variable. */
export const chatFiles = memoPerContext((context: ChatContext): ReadFile[] => filesOfTree(context.messages));

/** The local file the input names, which the code then reads (an input names one at most). */
export function inputFile(input: TaskInput): FileRef | undefined {
  if (input.kind === "file") return input.file;
  if (input.kind === "image-prompt") return input.image;
  if (input.kind === "structured" && typeof input.fields.image === "string") return fileRef(input.fields.image, "image");
  return undefined;
}

/** The input names a file on this machine, which the code reads (a remote one is downloaded instead). */
export function inputReadsLocalFile(input: TaskInput): boolean {
  const file = inputFile(input);
  return file !== undefined && file.remote !== true;
}

/** The input as plain data, for the `inputs` template field: files by name. */
export function inputTree(input: TaskInput): Tree {
  switch (input.kind) {
    case "text":
      return input.text;
    case "messages":
      return input.messages;
    case "structured":
      return input.fields;
    case "file":
      return input.file.path;
    case "image-prompt":
      return { image: input.image.path, prompt: input.prompt };
  }
}

/** What a saved result is called in the code: the kind of file it is. */
export function resultName(task: string): string {
  return task.endsWith("video") ? "video" : task.endsWith("image") ? "image" : "audio";
}

/** What the generated code does with the reply. */
export function outputFileName(output: Output): string | undefined {
  return output.kind === "file" || output.kind === "base64-field" ? `output.${output.extension}` : undefined;
}
