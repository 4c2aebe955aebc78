import type { Note } from "../outcome/notes.js";
import { statSync } from "node:fs";
import { fail } from "../outcome/problems.js";
import { CHAT_ROLES, type JsonInputShape } from "../outcome/task-input-problems.js";
import { readJson } from "../util/json.js";
import type { ExampleInput } from "../tasks/example-input.js";
import { dataUrl, extensionOf, fileRef, isUrl, type FileRef, type Media, type Tree } from "./payload.js";

/*
 * The input a snippet sends, normalised for the providers: file names become
 * file references with a content type. `--inputs` replaces the example input
 * and must fit the same shape.
 */

export type TaskInput =
  | { kind: "text"; text: string }
  | { kind: "file"; file: FileRef }
  | { kind: "messages"; messages: Tree[] }
  | { kind: "image-prompt"; image: FileRef; prompt: string }
  /** Named fields; a field named `image` holds an image file name. */
  | { kind: "structured"; fields: Record<string, Tree> };

export type ChatInput = Extract<TaskInput, { kind: "messages" }>;

export function fromExample(example: ExampleInput): TaskInput {
  switch (example.kind) {
    case "text":
      return { kind: "text", text: example.text };
    case "file":
      return { kind: "file", file: fileRef(example.filename, example.media) };
    case "messages":
      return { kind: "messages", messages: example.messages as unknown as Tree[] };
    case "image-prompt":
      return { kind: "image-prompt", image: fileRef(example.filename, "image"), prompt: example.prompt };
    case "structured":
      return { kind: "structured", fields: example.value as Record<string, Tree> };
  }
}

/**
 * Whether text a task may read as JSON starts like JSON: a list whose first
 * item is an object (`[{`, or `[]`), or an object whose first member is named
 * (`{"`, or `{}`). Such text must parse; text that merely opens with a bracket
 * (`[INST] hello`, `{draft}`) stays text.
 */
function startsLikeJson(text: string): boolean {
  return /^\s*(\[\s*(\{|\]|$)|\{\s*("|\}|$))/.test(text);
}

/** The value of text that parses as JSON; text that starts like JSON and does not parse fails with where it goes wrong. */
function parseJson(text: string, shape: JsonInputShape): unknown {
  const read = readJson(text);
  if (read.ok) return read.value;
  if (startsLikeJson(text)) fail({ kind: "inputs-json-invalid", line: read.problem.line, column: read.problem.column, reason: read.problem.reason, shape });
  return undefined;
}

/** JSON.parse turns 1e400 into Infinity, which no language's literal can carry. */
function finiteTree(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(finiteTree);
  if (typeof value === "object" && value !== null) return Object.values(value).every(finiteTree);
  return true;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function sameShape(value: unknown, example: unknown): boolean {
  if (typeof example === "string") return typeof value === "string";
  if (Array.isArray(example)) return Array.isArray(value) && (example.length === 0 || value.every((item) => sameShape(item, example[0])));
  if (isObject(example)) return isObject(value);
  return true;
}

/** A JSON message list (or one message) from `--inputs`, or undefined when the value is a text. */
function messageList(parsed: unknown): Tree[] | undefined {
  const list = Array.isArray(parsed) ? parsed : isObject(parsed) && "role" in parsed ? [parsed] : undefined;
  if (list === undefined) return undefined;
  const valid =
    list.length > 0 &&
    list.every((message) => isObject(message) && typeof message.role === "string" && (typeof message.content === "string" || Array.isArray(message.content)));
  if (!valid || !finiteTree(list)) {
    fail({ kind: "inputs-not-messages" });
  }
  // A role no API has would be sent as given and refused by the server, after the code was copied.
  const roles: readonly string[] = CHAT_ROLES;
  const stray = list.findIndex((message) => !roles.includes((message as { role: string }).role));
  if (stray >= 0) fail({ kind: "inputs-chat-role", index: stray, role: (list[stray] as { role: string }).role });
  return list as Tree[];
}

/** An image as a chat content part: a URL as is, a local file as a data URL the generated code reads when it runs. */
function imagePart(path: string): Tree {
  return { type: "image_url", image_url: { url: dataUrl(fileRef(path, "image")) } };
}

function isImagePart(part: Tree): boolean {
  return isObject(part) && part.type === "image_url";
}

/** A message's content as parts: a text is one text part. */
function partsOf(content: Tree | undefined): Tree[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  return Array.isArray(content) ? content : [];
}

/** Where the command line's text and images go: the last message the user sent. */
function lastUserMessage(messages: Tree[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (isObject(message) && message.role === "user") return i;
  }
  return -1;
}

function withContent(messages: Tree[], at: number, content: (old: Tree | undefined) => Tree): Tree[] {
  return messages.map((message, i) => (i === at && isObject(message) ? { ...message, content: content(message.content) } : message));
}

/**
 * The example conversation told with the user's text and images: a text
 * replaces the text, images replace the sample image, and what is not given
 * stays (a vision model's sample image with a text alone).
 */
function retold(example: Tree[], text: string | undefined, images: Tree[] | undefined): Tree[] {
  return withContent(example, lastUserMessage(example), (old) => {
    const parts = partsOf(old);
    const texts = text === undefined ? parts.filter((part) => !isImagePart(part)) : [{ type: "text", text }];
    const shown = images ?? parts.filter(isImagePart);
    // A plain conversation stays plain: content as a string, as the example had it.
    if (shown.length === 0 && typeof old === "string") return text ?? old;
    return [...texts, ...shown];
  });
}

/**
 * The messages a chat snippet sends. `--inputs` is the text, or a whole JSON
 * conversation; `--image` adds images after the text of the last user
 * message, in order (in the example they replace its sample image; a
 * conversation of the user's own keeps every part it has).
 */
export function chatInput(example: ChatInput, raw: string | undefined, images: readonly string[] | undefined): ChatInput {
  const parts = images?.map(imagePart);
  if (raw === undefined) return parts === undefined ? example : { kind: "messages", messages: retold(example.messages, undefined, parts) };
  const parsed = parseJson(raw, "messages");
  const list = messageList(parsed);
  if (list === undefined) return { kind: "messages", messages: retold(example.messages, typeof parsed === "string" ? parsed : raw, parts) };
  if (parts === undefined) return { kind: "messages", messages: list };
  const at = lastUserMessage(list);
  if (at < 0) fail({ kind: "images-without-user-message" });
  return { kind: "messages", messages: withContent(list, at, (old) => [...partsOf(old), ...parts]) };
}

/** What is at a local path: a file, a folder, or nothing. */
export type PathProbe = (path: string) => "file" | "folder" | undefined;

const probeLocalPath: PathProbe = (path) => {
  try {
    return statSync(path).isDirectory() ? "folder" : "file";
  } catch {
    return undefined;
  }
};

/**
 * Whether text names a file even when there is none here (the snippet may run
 * elsewhere): it has a folder in it, an extension of the medium the task takes,
 * or, without spaces, another extension (`notes.txt`: a file, of another kind).
 * Anything else is text, which would become `--data-binary '@hello there'`.
 */
export function looksLikeFileName(raw: string, media: Media): boolean {
  if (/[\\/]/.test(raw)) return true;
  const extension = extensionOf(raw);
  if (extension === undefined) return false;
  return EXTENSIONS[media].includes(extension) || !/\s/.test(raw);
}

/** A local file input must name a file (here or, by its looks, where the snippet runs); never a folder or text. */
function localFileName(raw: string, media: Media, task: string, probe: PathProbe): void {
  const found = probe(raw);
  if (found === "folder") fail({ kind: "inputs-file-folder", task, media, path: raw });
  if (found === undefined && !looksLikeFileName(raw, media)) fail({ kind: "inputs-file-text", task, media, text: raw });
}

/**
 * `--inputs` for a task whose default input is `example`. A task that takes an
 * object or messages reads it as JSON when it parses; anything else is text.
 */
export function parseUserInputs(raw: string, example: TaskInput, task: string, probe: PathProbe = probeLocalPath): TaskInput {
  switch (example.kind) {
    case "text":
      return { kind: "text", text: raw };
    case "file":
      if (raw === "") fail({ kind: "inputs-file-empty", task, media: example.file.media });
      if (isUrl(raw) && !URL.canParse(raw)) fail({ kind: "inputs-url-invalid", task, media: example.file.media, url: raw });
      if (!isUrl(raw)) localFileName(raw, example.file.media, task, probe);
      return { kind: "file", file: fileRef(raw, example.file.media) };
    case "messages":
      return chatInput(example, raw, undefined);
    case "image-prompt": {
      const parsed = parseJson(raw, "object");
      if (isObject(parsed) && typeof parsed.prompt === "string" && (parsed.image === undefined || typeof parsed.image === "string")) {
        return { kind: "image-prompt", prompt: parsed.prompt, image: typeof parsed.image === "string" ? fileRef(parsed.image, "image") : example.image };
      }
      return { kind: "image-prompt", prompt: raw, image: example.image };
    }
    case "structured": {
      const parsed = parseJson(raw, "object");
      const fits =
        isObject(parsed) && finiteTree(parsed) && Object.entries(example.fields).every(([key, value]) => key in parsed && sameShape(parsed[key], value));
      if (!fits) {
        // The example's values may come from the model card: name the fields only.
        fail({ kind: "inputs-fields-missing", task, fields: Object.keys(example.fields) });
      }
      return { kind: "structured", fields: parsed as Record<string, Tree> };
    }
  }
}

/*
 * Extensions that may hold each medium, broader than the types hubref names
 * (a provider may still take a file hubref has no content type for).
 */
const EXTENSIONS: Readonly<Record<Media, readonly string[]>> = {
  image: ["jpg", "jpeg", "jpe", "jfif", "png", "gif", "webp", "bmp", "tif", "tiff", "avif", "heic", "heif", "ico", "svg"],
  audio: ["flac", "wav", "mp3", "ogg", "oga", "opus", "m4a", "aac", "webm", "weba", "wma", "aif", "aiff", "amr", "mka", "mp4"],
};

/** The local files a user input names (a URL's type is the server's to say). */
function localFiles(input: TaskInput): FileRef[] {
  if (input.kind === "file") return [input.file];
  if (input.kind === "image-prompt") return [input.image];
  if (input.kind === "structured" && typeof input.fields.image === "string") return [fileRef(input.fields.image, "image")];
  return [];
}

/** Whether the task's input names an image file (image classification, image-to-image, visual question answering, ...). */
export function namesImage(input: TaskInput): boolean {
  return localFiles(input).some((file) => file.media === "image");
}

/**
 * A warning for each local file the user named that is not here (the snippet
 * reads it when it runs), and for each whose extension names another kind of
 * file than the task takes (`notes.txt` for an image). A name without an
 * extension says nothing about its kind. The example's own files (an
 * image-and-prompt input given only a prompt) are not the user's to check.
 */
export function mediaWarnings(input: TaskInput, task: string, example?: TaskInput, probe: PathProbe = probeLocalPath): Note[] {
  const warnings: Note[] = [];
  // The example's file is carried over as the same object when the user gives only a prompt.
  const defaults = new Set(example === undefined ? [] : localFiles(example));
  for (const file of localFiles(input)) {
    if (file.remote || defaults.has(file)) continue;
    if (probe(file.path) !== "file") warnings.push({ kind: "no-local-file", path: file.path });
    const extension = foreignExtension(file);
    if (extension !== undefined) warnings.push({ kind: "wrong-file-type", path: file.path, task, media: file.media, extension });
  }
  return warnings;
}

/** The extension of a local file that names another kind of file than its media; undefined when it fits or says nothing. */
function foreignExtension(file: FileRef): string | undefined {
  if (file.remote) return undefined;
  const extension = extensionOf(file.path);
  return extension === undefined || EXTENSIONS[file.media].includes(extension) ? undefined : extension;
}

/** A warning for each `--image` file whose extension names no image (`notes.txt`). */
export function imageWarnings(images: readonly string[]): Note[] {
  return images.flatMap((path): Note[] => {
    const extension = foreignExtension(fileRef(path, "image"));
    return extension === undefined ? [] : [{ kind: "not-an-image", path, extension }];
  });
}
