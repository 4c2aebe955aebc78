import { problemKind } from "./kind.js";

/*
 * What a snippet is asked to send (`inputs`) and cannot be: text that reads
 * as JSON but does not parse, or a conversation with a role no chat API has.
 */

/** The roles a chat conversation's messages may take, as chat completions and the Responses API name them. */
export const CHAT_ROLES = ["system", "developer", "user", "assistant", "tool"] as const;

/** What the input is read as when it starts like JSON: a conversation (or one message), or an object of fields. */
export type JsonInputShape = "messages" | "object";

export const TASK_INPUT_PROBLEMS = {
  /** The input starts like JSON and is not: where (1-based), and why, as the JSON reader says. */
  "inputs-json-invalid": problemKind<{ line: number; column: number; reason: string; shape: JsonInputShape }>("usage"),
  /** A message of the conversation (0-based `index`) has a role that is none of CHAT_ROLES. */
  "inputs-chat-role": problemKind<{ index: number; role: string }>("usage"),
} as const;
