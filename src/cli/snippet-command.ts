import type { CacheFlags, Terminal } from "./context.js";
import type { SnippetCommandOptions } from "./snippet-options.js";
import { usageError } from "../errors.js";
import { parseCount, parseDecimal } from "../util/numbers.js";
import type { LibraryLanguage } from "../format/languages.js";
import { PROVIDER_IDS } from "../inference/id-lists.js";
import { checkClientLanguage, parseChatApi, parseClient, parseLanguage, parseProvider, parseReasoningEffort } from "../inference/values.js";
import { settleOptions, type SettledOptions, type SnippetOptions } from "../inference/snippet.js";
import { tokenProblem } from "../inference/token.js";
import { extensionOf, isUrl } from "../inference/payload.js";
import { shellQuote } from "../format/shell.js";
import type { SnippetLanguage } from "../blocks/code-block.js";
import { fitsOptions, type FitsOptions } from "./fits-options.js";
import { checkFlags, givenValue, INFERENCE_FLAGS } from "./flag-rules.js";
import { fail } from "../outcome/problems.js";
import type { MenuPresets } from "../blocks/menu.js";
import { SAMPLE_SCHEMA, SAMPLE_TOOLS } from "../inference/tools.js";
import type { ToolFiles } from "./tool-files.js";
import { parseServeOptions, type ServeOptions } from "./snippet-serve.js";
import { isServeEngine } from "../serve/engines.js";

/*
 * `hubref snippet`'s flags, parsed once into one typed command. Which flags go
 * together is COMMAND_RULES.snippet (flag-rules.ts), asked first; a runner
 * receives its mode's values and never sees commander's bag of strings.
 */

/** Where the model metadata comes from, and how the hub cache is used. */
export interface ModelSources extends CacheFlags {
  models: string[];
}

export type SnippetCommand =
  /** Inference API calls, printed as code or as JSON. */
  | (ModelSources & { mode: "inference"; options: SettledOptions; json: boolean; verbose: boolean })
  /** The model's own library's usage code. */
  | (ModelSources & { mode: "library"; language?: SnippetLanguage; json: boolean; verbose: boolean } & FitsOptions)
  /** The commands that run the model with a local app. */
  | (ModelSources & { mode: "app"; app: string; json: boolean; verbose: boolean; serve: ServeOptions } & FitsOptions)
  /** The interactive picker, opened on the command line's choices. */
  | (ModelSources & { mode: "picker"; options: SettledOptions; presets: MenuPresets } & FitsOptions);

export type SnippetMode = SnippetCommand["mode"];

type Flag = keyof SnippetCommandOptions;

/** Whether the user gave a flag (commander's defaults do not count). */
function given(raw: SnippetCommandOptions, flag: Flag): boolean {
  if (flag === "provider") return raw.provider !== undefined && raw.provider.trim().toLowerCase() !== "auto";
  if (flag === "api") return raw.api !== undefined && raw.api.trim().toLowerCase() !== "chat";
  return givenValue(raw[flag]);
}

/** A number flag, read by `read` (src/util/numbers.ts) and checked against the range the API accepts. */
function numberOption(flag: string, text: string, read: (text: string) => number | undefined, valid: (value: number) => boolean, expected: string): number {
  const value = read(text);
  if (value === undefined || !valid(value)) throw usageError(`${flag} takes ${expected}, got '${text}'`);
  return value;
}

const tokenCount = (text: string) => parseCount(text, 1024);

function endpointUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw usageError(`--endpoint-url '${text}' is not a URL`, "for example: --endpoint-url https://xyz.endpoints.huggingface.cloud");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw usageError(`--endpoint-url takes an http(s) URL, got ${url.protocol}`);
  return url.href;
}

/**
 * One `--image`: a local file's name or an http(s) URL. Only words with spaces and no extension are refused
 * as text; a bare word is a file name here, unlike `--inputs` for an image task (looksLikeFileName in
 * src/inference/inputs.ts), where the value may be text.
 */
function imageOption(text: string): string {
  if (text.trim() === "") throw usageError("--image is empty", "give a local image file or its http(s) URL");
  if (isUrl(text) && !URL.canParse(text))
    throw usageError(`--image ${JSON.stringify(text)} is not a valid URL`, "a URL looks like https://example.com/cat.jpg");
  // Words with spaces and no extension are a question meant for --inputs, not a file name.
  if (!isUrl(text) && /\s/.test(text) && extensionOf(text) === undefined)
    throw usageError(
      "--image takes a local image file or its http(s) URL, not text",
      `give the text with --inputs, for example --inputs ${shellQuote(text)} --image cat.jpg`,
    );
  return text;
}

/** The inference call's values, checked: what the engine and the picker's inference blocks are made from. */
export function parseSnippetOptions(raw: SnippetCommandOptions, toolFiles: ToolFiles = {}): SettledOptions {
  const language = raw.language === undefined ? undefined : parseLanguage(raw.language);
  const client = raw.client === undefined ? undefined : parseClient(raw.client);
  if (language !== undefined && client !== undefined) checkClientLanguage(language, client);
  const options: SnippetOptions = { stream: raw.stream, direct: raw.direct };
  if (raw.provider !== undefined) providerOption(raw, options);
  if (language !== undefined) options.language = language;
  if (client !== undefined) options.client = client;
  if (raw.endpointUrl !== undefined) options.endpointUrl = endpointUrl(raw.endpointUrl);
  if (raw.billTo !== undefined) {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/.test(raw.billTo)) throw usageError(`--bill-to takes a hub organisation name, got '${raw.billTo}'`);
    options.billTo = raw.billTo;
  }
  if (raw.token !== undefined) {
    const problem = tokenProblem(raw.token);
    if (problem) throw usageError(`--token: ${problem}`);
    options.token = raw.token;
  }
  if (raw.providerModelId !== undefined) {
    if (raw.providerModelId.trim() === "") throw usageError("--provider-model-id is empty");
    options.providerModelId = raw.providerModelId;
  }
  if (raw.inputs !== undefined) {
    if (raw.inputs.trim() === "") throw usageError("--inputs is empty", "give the text or JSON to send, or leave out --inputs for the example input");
    options.inputs = raw.inputs;
  }
  if (raw.image !== undefined) options.images = raw.image.map(imageOption);
  if (raw.temperature !== undefined) options.temperature = numberOption("--temperature", raw.temperature, parseDecimal, (n) => n <= 2, "a number from 0 to 2");
  if (raw.maxTokens !== undefined)
    options.maxTokens = numberOption("--max-tokens", raw.maxTokens, tokenCount, (n) => n > 0, "a whole number above 0 (1000, 4k)");
  if (raw.topP !== undefined) options.topP = numberOption("--top-p", raw.topP, parseDecimal, (n) => n > 0 && n <= 1, "a number above 0, at most 1");
  // Tool calls and structured output: a file's content is read and checked before (tool-files.ts).
  const tools = raw.tools === true ? { tools: SAMPLE_TOOLS, sample: true } : toolFiles.tools;
  if (givenValue(raw.tools) && tools === undefined) throw new Error("--tools FILE is read before the command is parsed (readToolFiles)");
  if (tools !== undefined) options.tools = tools;
  const schema = raw.schema === true ? { schema: SAMPLE_SCHEMA, sample: true } : toolFiles.schema;
  if (givenValue(raw.schema) && schema === undefined) throw new Error("--schema FILE is read before the command is parsed (readToolFiles)");
  if (schema !== undefined) options.schema = schema;
  responsesOptions(raw, options);
  return settleOptions(options);
}

/** --provider: a provider, auto, or one of the router's policies (auto with `routerPolicy`), which call through the router only. */
function providerOption(raw: SnippetCommandOptions, options: SnippetOptions): void {
  const value = parseProvider(raw.provider!);
  if (value.kind === "unlisted") {
    if (raw.direct || raw.endpointUrl !== undefined)
      throw usageError(
        `hubref has no table for the provider ${value.provider}, so it cannot call it ${raw.direct ? "directly" : "at an endpoint"}`,
        `leave out ${raw.direct ? "--direct" : "--endpoint-url"} for its chat through the router, or choose one of: ${PROVIDER_IDS.join(", ")}`,
      );
    options.unlistedProvider = value.provider;
    return;
  }
  if (value.kind === "provider") {
    options.provider = value.provider;
    return;
  }
  const { policy } = value;
  if (raw.direct || raw.endpointUrl !== undefined)
    throw usageError(
      `--provider ${policy} is the router's choice: it does not go with ${raw.direct ? "--direct" : "--endpoint-url"}`,
      "name a provider with --provider",
    );
  options.routerPolicy = policy;
}

/** --api and --reasoning-effort; a client that has no Responses API code is refused by name, with the ones that have it. */
function responsesOptions(raw: SnippetCommandOptions, options: SnippetOptions): void {
  if (raw.api !== undefined) {
    const api = parseChatApi(raw.api);
    if (api !== "chat") options.api = api;
  }
  if (raw.reasoningEffort !== undefined) options.reasoningEffort = parseReasoningEffort(raw.reasoningEffort);
}

/** `--language` for library code: the same spellings as for inference, for the languages libraries write in. */
function libraryLanguage(text: string): LibraryLanguage {
  // The rule table (flag-rules.ts) refused the languages libraries do not write in.
  return parseLanguage(text) as LibraryLanguage;
}

/** Local apps print shell commands (or a link): the rule table refused any language but sh; this refuses one it does not know. */
function checkAppLanguage(raw: SnippetCommandOptions): void {
  if (raw.language !== undefined) parseLanguage(raw.language);
}

/** The picker's first screen: the source and choices the command line named. */
function pickerPresets(raw: SnippetCommandOptions, options: SettledOptions): MenuPresets {
  if (raw.app !== undefined) {
    checkAppLanguage(raw);
    return { source: "local", app: raw.app, ...(raw.quant !== undefined && { quant: raw.quant }) };
  }
  if (raw.library) {
    return { source: "library", ...(raw.language !== undefined && { language: libraryLanguage(raw.language) }) };
  }
  const named = INFERENCE_FLAGS.some((flag) => given(raw, flag)) || raw.language !== undefined;
  if (!named) return {};
  return {
    source: "inference",
    ...(options.language !== undefined && { language: options.language }),
    ...(options.client !== undefined && { client: options.client }),
  };
}

/** The mode the flags ask for. The picker opens when asked, or for a person at a terminal who chose nothing to print. */
function modeOf(raw: SnippetCommandOptions, terminal: Terminal): SnippetMode {
  if (raw.interactive) return "picker";
  if (raw.app !== undefined) return "app";
  if (raw.library) return "library";
  const choseOutput = raw.language !== undefined || raw.client !== undefined || raw.json;
  return terminal.interactive && !choseOutput ? "picker" : "inference";
}

/** The run asked (the machine, the context, the cache), with the file named; `--ctx fit` fits the context to one quant, so it needs one named. */
function runOptions(raw: SnippetCommandOptions, withFile = true): FitsOptions {
  const options = fitsOptions(raw, withFile ? { ...(raw.quant !== undefined && { quant: raw.quant }), ...(raw.file !== undefined && { file: raw.file }) } : {});
  // A server of safetensors weights fits its context without a quant (snippet-serve.ts).
  const server = raw.app !== undefined && isServeEngine(raw.app.trim().toLowerCase());
  if (options.local.ctx === "fit" && raw.quant === undefined && raw.file === undefined && !server) fail({ kind: "ctx-fit-without-file" });
  return options;
}

/** Parses `hubref snippet`'s arguments and flags into one command, or throws the usage error. */
export function parseSnippetCommand(models: string[], raw: SnippetCommandOptions, terminal: Terminal, toolFiles: ToolFiles = {}): SnippetCommand {
  checkFlags(
    "snippet",
    (flag) => given(raw, flag),
    undefined,
    (flag) => {
      const value = raw[flag as keyof SnippetCommandOptions];
      return typeof value === "string" ? value : undefined;
    },
  );
  if (models.filter((model) => model === "-").length > 1) throw usageError("stdin (-) can be read once");
  const sources: ModelSources = { models, offline: raw.offline, refresh: raw.refresh };
  const mode = modeOf(raw, terminal);
  switch (mode) {
    case "app":
      checkAppLanguage(raw);
      return { ...sources, mode, app: raw.app!, json: raw.json, verbose: raw.verbose === true, ...runOptions(raw), serve: parseServeOptions(raw) };
    case "library":
      return {
        ...sources,
        mode,
        ...(raw.language !== undefined && { language: libraryLanguage(raw.language) }),
        json: raw.json,
        verbose: raw.verbose === true,
        ...runOptions(raw),
      };
    case "inference":
      return { ...sources, mode, options: parseSnippetOptions(raw, toolFiles), json: raw.json, verbose: raw.verbose === true };
    case "picker": {
      if (models.length !== 1) throw usageError("the interactive picker shows one model at a time", "pass one MODEL, or leave out -i");
      const options = parseSnippetOptions(raw, toolFiles);
      // The picker's quant is a preset of its menu, not a file the run is held to.
      return { ...sources, mode, options, presets: pickerPresets(raw, options), ...runOptions(raw, false) };
    }
  }
}
