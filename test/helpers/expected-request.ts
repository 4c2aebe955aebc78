import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TaskInput } from "../../src/inference/inputs.js";
import { SAMPLE_FILES } from "./snippet-harness.js";

/*
 * The request each provider expects, from test/fixtures/inference/wire.json:
 * URL and headers are facts about the providers; bodies are templates with
 * placeholders for the input ($TEXT, $PROMPT, $FIELD:<name>, $MODEL) and for
 * files ($IMAGE_B64, $IMAGE_DATAURL, $AUDIO_DATAURL, $BINARY).
 */

interface WireSide {
  method: string;
  url: string;
  headers: Record<string, string>;
}
interface WireEntry {
  routed?: WireSide;
  direct?: WireSide;
  body?: unknown;
}
export type Wire = Record<string, Record<string, WireEntry>>;

export const WIRE = JSON.parse(readFileSync(fileURLToPath(new URL("../fixtures/inference/wire.json", import.meta.url)), "utf8")) as Wire;

export interface ExpectedRequest {
  method: string;
  url: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  json?: unknown;
  bytes?: Buffer;
}

export function fileBytes(path: string, extra: Record<string, Buffer> = {}): Buffer {
  const bytes = extra[path] ?? SAMPLE_FILES[path];
  if (!bytes) throw new Error(`no sample file ${path}`);
  return bytes;
}

function mimeOf(path: string, media: "image" | "audio"): string {
  if (path.endsWith(".png")) return "image/png";
  if (path.endsWith(".flac")) return "audio/flac";
  if (path.endsWith(".mp3")) return "audio/mpeg";
  return media === "image" ? "image/jpeg" : "audio/flac";
}

function mediaFile(input: TaskInput): { path: string; media: "image" | "audio" } {
  switch (input.kind) {
    case "file":
      return input.file;
    case "image-prompt":
      return { path: input.image.path, media: "image" };
    case "structured":
      return { path: String(input.fields.image), media: "image" };
    default:
      throw new Error(`a ${input.kind} input has no file`);
  }
}

function expand(template: unknown, input: TaskInput, providerModelId: string, files: Record<string, Buffer>): unknown {
  if (typeof template === "string") {
    const file = () => mediaFile(input);
    const b64 = () => fileBytes(file().path, files).toString("base64");
    if (template === "$TEXT") return (input as { text: string }).text;
    if (template === "$PROMPT") return (input as { prompt: string }).prompt;
    if (template === "$MODEL") return providerModelId;
    if (template.startsWith("$FIELD:")) return (input as { fields: Record<string, unknown> }).fields[template.slice(7)];
    if (template === "$IMAGE_B64") return b64();
    if (template === "$IMAGE_DATAURL" || template === "$AUDIO_DATAURL") return `data:${mimeOf(file().path, file().media)};base64,${b64()}`;
    return template;
  }
  if (Array.isArray(template)) return template.map((item) => expand(item, input, providerModelId, files));
  if (typeof template === "object" && template !== null) {
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, expand(value, input, providerModelId, files)]));
  }
  return template;
}

function idPath(id: string): string {
  return id.split("/").map(encodeURIComponent).join("/");
}

/** The request for a pipeline task at a provider, as the provider expects it. */
export function expectedTaskRequest(
  provider: string,
  task: string,
  mode: "routed" | "direct",
  values: { providerModelId: string; token: string; input: TaskInput; files?: Record<string, Buffer>; billTo?: string },
): ExpectedRequest {
  const entry = WIRE[provider]?.[task];
  const side = entry?.[mode];
  if (!entry || !side) throw new Error(`no wire fact for ${provider} ${task} ${mode}`);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(side.headers)) headers[name.toLowerCase()] = value.replace("{token}", values.token);
  if (values.billTo !== undefined) headers["x-hf-bill-to"] = values.billTo;
  const url = side.url.replace("{id}", idPath(values.providerModelId));
  if (entry.body === "$BINARY") {
    const file = mediaFile(values.input);
    headers["content-type"] = mimeOf(file.path, file.media);
    return { method: side.method, url, headers, bytes: fileBytes(file.path, values.files) };
  }
  return { method: side.method, url, headers, json: expand(entry.body, values.input, values.providerModelId, values.files ?? {}) };
}
