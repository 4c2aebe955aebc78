import type { InferenceTask, ProviderChoice } from "../ids.js";
import { fileRef, type FileRef, type Tree } from "../payload.js";
import type { TaskInput } from "../inputs.js";
import type { ChatParameters, ChatRequest, HttpRequest } from "../request.js";
import type { CallMode, TokenSource } from "../token.js";
import type { Output } from "../providers/types.js";

/** Everything a template's fields are computed from, for one model, provider and client. */
export interface SnippetContext {
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
  /** The request a raw-HTTP client sends; absent where only a client library can decide it (provider auto). */
  request?: HttpRequest;
  chat?: { request: ChatRequest; messages: Tree[]; parameters: ChatParameters };
  /** Values computed once per context and shared by its snippets (see memoPerContext). */
  memo: Map<unknown, unknown>;
}

/** Per-context values a language computes once and shares between its clients. */
export function memoPerContext<T>(compute: (context: SnippetContext) => T): (context: SnippetContext) => T {
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

/** The local file the input names, which the code then reads (an input names one at most). */
export function inputFile(input: TaskInput): FileRef | undefined {
  if (input.kind === "file") return input.file;
  if (input.kind === "image-prompt") return input.image;
  if (input.kind === "structured" && typeof input.fields.image === "string") return fileRef(input.fields.image, "image");
  return undefined;
}

export function inputReadsFile(input: TaskInput): boolean {
  return inputFile(input) !== undefined;
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
  return output.kind === "json" ? undefined : `output.${output.extension}`;
}
