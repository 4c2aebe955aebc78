import { fileNode, type FileRef, type Tree } from "../payload.js";
import { textOf } from "../input-readers.js";
import type { Body, JsonPath, Output, QueueProtocol, TaskRoute } from "./types.js";

// Chat messages send images the same way (inputs.ts), so the rule lives with the trees.
export { dataUrl } from "../payload.js";

/*
 * Building blocks for provider facts: body and reply shapes, model ids in
 * URL paths, and the request shapes several providers share (OpenAI-compatible routes).
 */

export const json = (value: Tree): Body => ({ kind: "json", value });
export const base64 = (file: FileRef) => fileNode(file, "base64");

export const JSON_OUTPUT: Output = { kind: "json" };

/** A transcript at the reply's `text` (hf-inference and fal answer so). */
export const TEXT_OUTPUT: Output = { kind: "text-field", path: ["text"] };
export const fileOutput = (extension: string): Output => ({ kind: "file", extension });
/** OpenAI-style image replies: `{"data": [{"b64_json": ...}]}`. */
export const B64_JSON_IMAGE: Output = { kind: "base64-field", path: ["data", 0, "b64_json"], extension: "png" };

/**
 * A model id as URL path segments. Ids come from model metadata: each segment
 * is percent-encoded, and `.`/`..` or empty segments, which would move the
 * request elsewhere on the host, are refused.
 */
export function idPath(id: string): string {
  const segments = id.split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) {
    throw new UnusableModelIdError(id);
  }
  return segments.map(encodeURIComponent).join("/");
}

export class UnusableModelIdError extends Error {
  constructor(readonly id: string) {
    super("the provider's model id has empty, '.' or '..' path segments");
  }
}

/** A path that does not depend on the model id (a task route, or the chat route). */
export const fixed = (path: string) => () => path;

export function openAiCompletions(path: string): TaskRoute {
  return { path: fixed(path), body: (input, model) => json({ model, prompt: textOf(input) }), output: JSON_OUTPUT };
}

export function openAiEmbeddings(path: string): TaskRoute {
  return { path: fixed(path), body: (input, model) => json({ input: textOf(input), model }), output: JSON_OUTPUT };
}

export function openAiSpeech(path: string): TaskRoute {
  return { path: fixed(path), body: (input, model) => json({ input: textOf(input), model }), output: fileOutput("mp3") };
}

export function openAiImages(path: string): TaskRoute {
  return { path: fixed(path), body: (input, model) => json({ response_format: "b64_json", prompt: textOf(input), model }), output: B64_JSON_IMAGE };
}

/** How long a snippet waits for a queued job: images come back in seconds, videos and audio in minutes. */
export const SHORT_WAIT = { interval: 2, polls: 150 } as const;
export const LONG_WAIT = { interval: 5, polls: 120 } as const;

/** The wait suited to what a task makes. */
export function waitFor(task: string): { interval: number; polls: number } {
  return task.endsWith("image") || task === "image-segmentation" ? SHORT_WAIT : LONG_WAIT;
}

export type { JsonPath, QueueProtocol };
