import { shellComment, shellQuote, shellWord } from "../format/shell.js";
import type { ModelData } from "../model/schema.js";
import type { AppFormat } from "../build/schemas/app.js";
import type { AppEntry } from "./registry.js";
import type { FileChoice } from "./select.js";

/** One step of running a model: a shell command, an app's config file, or a deep link. */
export interface AppStep {
  title: string;
  language: "sh" | "json" | "url";
  /** An install or configuration step, done once. */
  setup: boolean;
  content: string;
}

export interface AppRunContext {
  model: ModelData;
  app: AppEntry;
  format: AppFormat;
  /** The GGUF file chosen; absent when the app loads no GGUF or the file list is unknown. */
  choice?: FileChoice;
  /** A projector (mmproj) file, for vision GGUF repositories. */
  projector?: string;
  /** Said on stderr. */
  notes: string[];
}

/** A command line: every word through the shell-word formatter, so no value is ever spliced raw. */
export function command(...words: string[]): string {
  return words.map(shellWord).join(" ");
}

/** Continues a long command over several lines. */
export function lines(...parts: string[]): string {
  return parts.join(" \\\n    ");
}

export const PROMPT = "Hello! What can you do?";

/**
 * A chat request to a local OpenAI-compatible server. The server may still be
 * starting (it was just put in the background): curl retries refused
 * connections for up to a minute.
 */
export function chatCurl(port: number, model: string | undefined, path = "/v1/chat/completions"): string {
  const body = JSON.stringify({ ...(model === undefined ? {} : { model }), messages: [{ role: "user", content: PROMPT }] });
  return lines(
    command("curl", "--retry", "30", "--retry-connrefused", "--retry-delay", "2", `http://localhost:${port}${path}`),
    command("-H", "Content-Type: application/json"),
    `-d ${shellQuote(body)}`,
  );
}

/** `org/name:LABEL`, the form llama.cpp, Ollama and others read, when the label names one file. */
export function quantRef(context: AppRunContext): string | undefined {
  const { choice } = context;
  if (!choice) return context.model.id;
  return choice.labelIsExact && !choice.byFile && choice.variant.label ? `${context.model.id}:${choice.variant.label}` : undefined;
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Comment lines, each kept to one line whatever the text holds. */
export function comments(...texts: string[]): string {
  return texts.map(shellComment).join("\n");
}

/** The base model a GGUF repository was made from (its tokenizer is the reliable one). */
export function baseModel(model: ModelData): string | undefined {
  const base = model.cardData?.base_model;
  const first = Array.isArray(base) ? base[0] : base;
  return first && /^[\w.-]+\/[\w.-]+$/.test(first) ? first : undefined;
}

/** A file's download URL on the hub, each path segment encoded. */
export function resolveUrl(id: string, file: string): string {
  const encode = (path: string) => path.split("/").map(encodeURIComponent).join("/");
  return `https://huggingface.co/${encode(id)}/resolve/main/${encode(file)}`;
}
