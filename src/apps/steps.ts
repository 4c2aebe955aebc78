import { shellComment, shellQuote, shellWord } from "../format/shell.js";
import type { ModelData } from "../model/schema.js";
import type { AppFormat } from "../build/schemas/app.js";
import type { RunSettings } from "../memory/run-settings.js";
import type { LocalNote, NotedSettings, RunSettingKey, UntakenAdvice } from "../outcome/local-notes.js";
import type { AppEntry } from "./registry.js";
import type { FileChoice } from "./select.js";
import type { ServeCommand } from "../serve/run.js";

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
  /** How to run it (context, cache, GPU layers): each field the app takes is in its command, the others in a note. */
  run: RunSettings;
  /** A server's settings for safetensors weights (vLLM, SGLang): from its plan, or asked. */
  serve?: ServeCommand;
  /** Said beside the commands: records, or an app's own sentence. */
  notes: AppNote[];
}

/** A note of an app's steps: a record of data, or (for the servers of other weights) a sentence of their own. */
export type AppNote = LocalNote | string;

/** Each setting a note can name, and whether a run sets it (no experts moved is the default). */
const RUN_SETTINGS = {
  contextSize: (run) => run.contextSize !== undefined,
  cache: (run) => run.cacheTypeK !== undefined || run.cacheTypeV !== undefined,
  flashAttention: (run) => run.flashAttention !== undefined,
  gpuLayers: (run) => run.gpuLayers !== undefined,
  cpuMoeLayers: (run) => run.cpuMoeLayers !== undefined && run.cpuMoeLayers > 0,
} as const satisfies Record<RunSettingKey, (run: RunSettings) => boolean>;

export type RunSetting = RunSettingKey;

/** The settings `run` sets, in the table's order. */
export function runSettingsOf(run: RunSettings): RunSetting[] {
  return (Object.keys(RUN_SETTINGS) as RunSetting[]).filter((setting) => RUN_SETTINGS[setting](run));
}

/** The settings a note names, as data. */
export function notedSettings(run: RunSettings): NotedSettings {
  const { contextSize, cacheTypeK, cacheTypeV, flashAttention, gpuLayers, cpuMoeLayers } = run;
  return {
    ...(contextSize !== undefined && { contextSize }),
    ...(cacheTypeK !== undefined && { cacheTypeK }),
    ...(cacheTypeV !== undefined && { cacheTypeV }),
    ...(flashAttention !== undefined && { flashAttention }),
    ...(gpuLayers !== undefined && { gpuLayers }),
    ...(cpuMoeLayers !== undefined && { cpuMoeLayers }),
  };
}

/** A layer count for an app that takes only a count: the plan's, with "all" as the model's own count, never more. */
export function layerCount(run: RunSettings): number | undefined {
  if (run.gpuLayers === undefined) return undefined;
  return run.gpuLayers === "all" ? run.layerCount : run.gpuLayers;
}

/**
 * One note for the settings of `context.run` the command does not carry (those not in `taken`), and where to set
 * them: one of hubref's ways, or the app's own advice (given "it" or "them", as the list needs).
 */
export function noteUntaken(context: AppRunContext, taken: readonly RunSetting[], advice: UntakenAdvice | ((them: "it" | "them") => string)): void {
  const left = runSettingsOf(context.run).filter((setting) => !taken.includes(setting));
  if (left.length === 0) return;
  const where = typeof advice === "function" ? { it: advice("it"), them: advice("them") } : advice;
  context.notes.push({ kind: "app-cannot-take", app: context.app.prettyLabel, settings: left, run: notedSettings(context.run), advice: where });
}

/** `NAME=value` before a command: the name is hubref's own, the value one shell word. */
export function envAssignment(name: string, value: string): string {
  return `${name}=${shellWord(value)}`;
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
 * A chat request to a local OpenAI-compatible server, sent once the server
 * answers (see waitStep).
 */
export function chatCurl(port: number, model: string | undefined, path = "/v1/chat/completions"): string {
  const body = JSON.stringify({ ...(model === undefined ? {} : { model }), messages: [{ role: "user", content: PROMPT }] });
  return lines(command("curl", `http://localhost:${port}${path}`), command("-H", "Content-Type: application/json"), `-d ${shellQuote(body)}`);
}

/**
 * Waits for a server just started in the background (`$!`): until its health
 * route answers, or its process has exited. A first start downloads the model
 * (gigabytes) before it listens, so there is no time limit; a line every ten
 * seconds says it is still waiting.
 */
export function waitStep(port: number, healthPath: string, program: string, downloads = true): AppStep {
  const url = `http://localhost:${port}${healthPath}`;
  const why = downloads ? " (a first start downloads the model)" : "";
  const content = [
    "server=$!",
    "waited=0",
    `until ${command("curl", "-fs", "-o", "/dev/null", url)}; do`,
    `    if ! kill -0 "$server" 2>/dev/null; then echo ${shellQuote(`${program} exited before it answered: see its output above`)} >&2; break; fi`,
    `    if (( waited % 10 == 0 )); then echo ${shellQuote(`waiting for ${program} on port ${port}${why}:`)} "\${waited}s" >&2; fi`,
    "    sleep 2",
    "    waited=$((waited + 2))",
    "done",
  ].join("\n");
  const title = downloads ? `wait until the server answers on ${url}, however long the first download takes` : `wait until the server answers on ${url}`;
  return { title, language: "sh", setup: false, content };
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
