import { problemKind } from "./kind.js";

/*
 * What a snippet is asked to send (`inputs`) and cannot be: text that reads
 * as JSON but does not parse, or a conversation with a role no chat API has.
 */

/** The roles a chat conversation's messages may take, as chat completions and the Responses API name them. */
export const CHAT_ROLES = ["system", "developer", "user", "assistant", "tool"] as const;

/** What the input is read as when it starts like JSON: a conversation (or one message), or an object of fields. */
export type JsonInputShape = "messages" | "object";

/** The media a task's file input holds. */
export type InputMedia = "image" | "audio";

export const TASK_INPUT_PROBLEMS = {
  /** The input starts like JSON and is not: where (1-based), and why, as the JSON reader says. */
  "inputs-json-invalid": problemKind<{ line: number; column: number; reason: string; shape: JsonInputShape }>("usage"),
  /** A message of the conversation (0-based `index`) has a role that is none of CHAT_ROLES. */
  "inputs-chat-role": problemKind<{ index: number; role: string }>("usage"),
  /** JSON for a chat model that is no conversation: not a list of messages each with a role and a content. */
  "inputs-not-messages": problemKind("usage"),
  /** Images go into the last user message, and the conversation given has no user message. */
  "images-without-user-message": problemKind("usage"),
  /** A task that takes a local file (`media`) was given a folder, text, nothing, or a URL that does not parse. */
  "inputs-file-folder": problemKind<{ task: string; media: InputMedia; path: string }>("usage"),
  "inputs-file-text": problemKind<{ task: string; media: InputMedia; text: string }>("usage"),
  "inputs-file-empty": problemKind<{ task: string; media: InputMedia }>("usage"),
  "inputs-url-invalid": problemKind<{ task: string; media: InputMedia; url: string }>("usage"),
  /** A task that takes an object of fields was given JSON without them (the fields' names only: the values may be a card's). */
  "inputs-fields-missing": problemKind<{ task: string; fields: readonly string[] }>("usage"),
} as const;
