import type { Note } from "../outcome/notes.js";
import type { Hint, Problem } from "../outcome/problems.js";
import type { Client, Language, ProviderChoice } from "./ids.js";
import type { SchemaRequest, ToolSet } from "./tools.js";
import type { ChatApi, ReasoningEffort, RouterPolicy } from "./responses.js";
import type { RouterFacts } from "../model/router/facts.js";

/** One generated snippet, as `hubref snippet --json` prints it. */
export interface Snippet {
  model: string;
  language: Language;
  client: Client;
  /**
   * Who serves the call: a provider, auto (the router chooses), the router's
   * policy (fastest, cheapest), or a live provider hubref has no table for.
   */
  provider: ProviderChoice | RouterPolicy | (string & {});
  content: string;
}

/** What to generate. Values are checked by the command before they get here. */
export interface SnippetOptions {
  language?: Language;
  client?: Client;
  /** Default "auto". */
  provider?: ProviderChoice;
  /** Default false. */
  stream?: boolean;
  billTo?: string;
  token?: string;
  /** Default false. */
  direct?: boolean;
  endpointUrl?: string;
  providerModelId?: string;
  /** Replaces the example input: JSON where the task takes an object or messages, else text. */
  inputs?: string;
  /** Images for a vision chat model's last user message, in order: http(s) URLs, or local files the code reads. */
  images?: readonly string[];
  temperature?: number;
  maxTokens?: number;
  topP?: number;
  /** Chat only: the function tools the snippet defines, runs and answers (--tools). */
  tools?: ToolSet;
  /** Chat only: the JSON Schema the reply follows (--schema). */
  schema?: SchemaRequest;
  /** Chat completions (default) or the Responses API, for chat models. */
  api?: ChatApi;
  reasoningEffort?: ReasoningEffort;
  /** With provider auto: the router's policy for choosing one (`--provider fastest`); chat only. */
  routerPolicy?: RouterPolicy;
  /**
   * A live provider of the model's mapping that hubref has no table for
   * (`--provider newcloud`): its chat goes through the router (`model:newcloud`);
   * nothing else can be written for it. The provider stays auto.
   */
  unlistedProvider?: string;
  /**
   * The router's model list (or why there is none), for --tools and --schema:
   * a provider that lacks the feature is refused, and auto chooses among those
   * that have it (provider-features.ts). Absent: nothing is checked.
   */
  router?: RouterFacts;
}

/** Options with every default in place, as the engine and the picker read them. */
export type SettledOptions = SnippetOptions & Required<Pick<SnippetOptions, "provider" | "stream" | "direct">>;

/** The defaults in place, once, where options enter the engine. */
export function settleOptions(options: SnippetOptions): SettledOptions {
  return { ...options, provider: options.provider ?? "auto", stream: options.stream ?? false, direct: options.direct ?? false };
}

export interface SnippetResult {
  snippets: Snippet[];
  /** Why a model got no snippet, or not the one asked for. */
  problems: Problem[];
  /** Ways forward beside those problems' own. */
  hints: Hint[];
  /** Worth knowing (notes), or likely to make the snippet fail as it stands (warnings: a file type the provider refuses). */
  notes: Note[];
}
