import type { CommandContext } from "./context.js";
import type { SnippetCommandOptions } from "./snippet-options.js";
import { usageError } from "../errors.js";
import { requireChoice } from "../choices/choices.js";
import { LANGUAGE_ALIASES, LIBRARY_LANGUAGES, type LibraryLanguage } from "../format/languages.js";
import { CLIENTS, CLIENTS_BY_LANGUAGE, LANGUAGES, PROVIDER_CHOICES, languagesOfClient } from "../inference/id-lists.js";
import { settleOptions, type SettledOptions, type SnippetOptions } from "../inference/snippet.js";
import { tokenProblem } from "../inference/token.js";
import { extensionOf, isUrl } from "../inference/payload.js";
import { shellQuote } from "../format/shell.js";
import type { SnippetLanguage } from "../blocks/code-block.js";
import type { FileRequest } from "../apps/select.js";
import { fitsOptions, type FitsOptions } from "./fits-options.js";
import type { MenuPresets } from "../blocks/menu.js";
import type { ResolveOptions } from "../model/resolve.js";

/*
 * `hubref snippet`'s flags, parsed once into one typed command. Which flags go
 * together is decided here and only here (FLAG_RULES); a runner receives its
 * mode's values and never sees commander's bag of strings.
 */

/** Where the model metadata comes from, and how the hub cache is used. */
export interface ModelSources {
  models: string[];
  offline: boolean;
  refresh: boolean;
}

/** How the command's models are looked up: its cache flags and the process's environment. */
export function resolveOptionsOf(sources: ModelSources, context: CommandContext, extra: Partial<ResolveOptions> = {}): ResolveOptions {
  return { env: context.env, stderr: context.stderr, offline: sources.offline, refresh: sources.refresh, ...extra };
}

export type SnippetCommand =
  /** Inference API calls, printed as code or as JSON. */
  | (ModelSources & { mode: "inference"; options: SettledOptions; json: boolean; verbose: boolean })
  /** The model's own library's usage code. */
  | (ModelSources & { mode: "library"; language?: SnippetLanguage; files: Pick<FileRequest, "quant" | "file">; json: boolean } & FitsOptions)
  /** The commands that run the model with a local app. */
  | (ModelSources & { mode: "app"; app: string; files: Pick<FileRequest, "quant" | "file">; json: boolean } & FitsOptions)
  /** The interactive picker, opened on the command line's choices. */
  | (ModelSources & { mode: "picker"; options: SettledOptions; presets: MenuPresets } & FitsOptions);

export type SnippetMode = SnippetCommand["mode"];

type Flag = keyof SnippetCommandOptions;

/** How each flag is written on the command line, for messages. */
const FLAG_NAMES: Record<Flag, string> = {
  language: "--language",
  client: "--client",
  provider: "--provider",
  stream: "--stream",
  billTo: "--bill-to",
  token: "--token",
  direct: "--direct",
  endpointUrl: "--endpoint-url",
  providerModelId: "--provider-model-id",
  inputs: "--inputs",
  image: "--image",
  temperature: "--temperature",
  maxTokens: "--max-tokens",
  topP: "--top-p",
  json: "--json",
  library: "--library",
  interactive: "-i",
  offline: "--offline",
  refresh: "--refresh",
  app: "--app",
  quant: "--quant",
  file: "--file",
  fits: "--fits",
  ctx: "--ctx",
  cacheType: "--cache-type",
  verbose: "--verbose",
};

/** Flags that shape a hosted inference call and nothing else. */
const INFERENCE_FLAGS = [
  "client",
  "provider",
  "stream",
  "direct",
  "billTo",
  "token",
  "endpointUrl",
  "providerModelId",
  "inputs",
  "image",
  "temperature",
  "maxTokens",
  "topP",
] as const satisfies readonly Flag[];

/** Flags that choose the GGUF file a local app loads. */
const FILE_FLAGS = ["quant", "file", "fits"] as const satisfies readonly Flag[];

/** Flags that shape --fits's estimate. */
const ESTIMATE_FLAGS = ["ctx", "cacheType"] as const satisfies readonly Flag[];

/** Whether the user gave a flag (commander's defaults do not count). */
function given(raw: SnippetCommandOptions, flag: Flag): boolean {
  const value = raw[flag];
  if (flag === "provider") return value !== undefined && value !== "auto";
  return value !== undefined && value !== false;
}

interface FlagRule {
  /** The flag whose meaning rules the others out. */
  flag: Flag;
  /** The flags that do not go with it. */
  refuses: readonly Flag[];
  /** What FLAG does, ending in "which": "… which --client, --stream do not apply to". */
  does: string;
  hint: string;
}

/**
 * Every refused combination, in one table: FLAG ignores the flags it refuses,
 * so giving them is an error rather than a silent no-op. The first rule that
 * matches gives the error.
 */
export const FLAG_RULES: readonly FlagRule[] = [
  {
    flag: "library",
    refuses: [...INFERENCE_FLAGS, "app", "verbose"],
    does: "--library prints the library's usage code, which",
    hint: "leave out --library for inference API snippets",
  },
  {
    flag: "app",
    refuses: [...INFERENCE_FLAGS, "verbose"],
    does: "--app prints commands that run the model locally, which",
    hint: "leave out --app for inference API snippets",
  },
  {
    flag: "interactive",
    refuses: ["json", "file", "verbose"],
    does: "-i opens the picker, which",
    hint: "the picker prints no JSON and picks a GGUF file by quant (--quant, or --fits with --app): leave out -i to print",
  },
];

function checkFlagRules(raw: SnippetCommandOptions): void {
  for (const rule of FLAG_RULES) {
    if (!given(raw, rule.flag)) continue;
    const clashing = rule.refuses.filter((flag) => given(raw, flag));
    if (clashing.length === 0) continue;
    const names = clashing.map((flag) => FLAG_NAMES[flag]).join(", ");
    throw usageError(`${rule.does} ${names} do${clashing.length === 1 ? "es" : ""} not apply to`, rule.hint);
  }
  const fileFlags = FILE_FLAGS.filter((flag) => given(raw, flag));
  if ((fileFlags.length > 0 || ESTIMATE_FLAGS.some((flag) => given(raw, flag))) && !given(raw, "app") && !given(raw, "library"))
    throw usageError("--quant, --file and --fits (with --ctx, --cache-type) go with --app or --library", "for example: --app llama.cpp --quant Q4_K_M");
  if (fileFlags.length > 1) throw usageError(`${fileFlags.map((flag) => FLAG_NAMES[flag]).join(" and ")} each pick the file: give one`);
  if (raw.offline && raw.refresh) throw usageError("--offline and --refresh contradict each other", "use one of them");
}

/*
 * Number() reads '0x10' as 16, '' as 0 and a 20-digit count as 1e20: a typo
 * would then reach the snippet as a different value. Only plain decimal
 * notation is taken, checked against the range the API accepts.
 */
const DECIMAL = /^\d+(\.\d+)?$/;
const WHOLE = /^[1-9]\d*$/;

function numberOption(flag: string, text: string, notation: RegExp, valid: (value: number) => boolean, expected: string): number {
  const value = Number(text);
  if (!notation.test(text) || !Number.isFinite(value) || !valid(value)) throw usageError(`${flag} takes ${expected}, got '${text}'`);
  return value;
}

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

function parseLanguage(text: string) {
  return requireChoice("language", text, LANGUAGES, { aliases: LANGUAGE_ALIASES });
}

/** The inference call's values, checked: what the engine and the picker's inference blocks are made from. */
export function parseSnippetOptions(raw: SnippetCommandOptions): SettledOptions {
  const language = raw.language === undefined ? undefined : parseLanguage(raw.language);
  const client = raw.client === undefined ? undefined : requireChoice("client", raw.client, CLIENTS);
  if (language !== undefined && client !== undefined && !CLIENTS_BY_LANGUAGE[language].includes(client)) {
    throw usageError(
      `${client} is not a ${language} client`,
      `${language} clients: ${CLIENTS_BY_LANGUAGE[language].join(", ")}; ${client} is for ${languagesOfClient(client).join(", ")}`,
    );
  }
  const options: SnippetOptions = { stream: raw.stream, direct: raw.direct };
  if (raw.provider !== undefined) options.provider = requireChoice("provider", raw.provider, PROVIDER_CHOICES);
  const { provider } = settleOptions(options);
  if (language !== undefined) options.language = language;
  if (client !== undefined) options.client = client;
  // Checked first: the --provider hint below would lead straight into this error.
  if (raw.endpointUrl !== undefined && raw.direct) {
    throw usageError("--endpoint-url and --direct do not go together: an endpoint is always called directly", "leave out --direct");
  }
  if (raw.direct && provider === "auto") throw usageError("--direct calls one provider: name it with --provider", "for example: --provider together --direct");
  if (raw.endpointUrl !== undefined) {
    if (provider !== "auto" && provider !== "hf-inference") throw usageError(`--endpoint-url calls your own endpoint, not ${provider}: leave out --provider`);
    options.endpointUrl = endpointUrl(raw.endpointUrl);
  }
  if (raw.billTo !== undefined) {
    if (raw.direct) throw usageError("--bill-to bills a hub organisation, which --direct calls bypass");
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
  if (raw.temperature !== undefined) options.temperature = numberOption("--temperature", raw.temperature, DECIMAL, (n) => n <= 2, "a number from 0 to 2");
  if (raw.maxTokens !== undefined) options.maxTokens = numberOption("--max-tokens", raw.maxTokens, WHOLE, Number.isSafeInteger, "a whole number above 0");
  if (raw.topP !== undefined) options.topP = numberOption("--top-p", raw.topP, DECIMAL, (n) => n > 0 && n <= 1, "a number above 0, at most 1");
  return settleOptions(options);
}

/** `--language` for library code: the same spellings as for inference, for the languages libraries write in. */
function libraryLanguage(text: string): LibraryLanguage {
  const language = parseLanguage(text);
  if (!(LIBRARY_LANGUAGES as readonly string[]).includes(language)) {
    const names = `${LIBRARY_LANGUAGES.slice(0, -1).join(", ")} and ${LIBRARY_LANGUAGES.at(-1)}`;
    throw usageError(`--library prints usage code in ${names}, not ${language}`, `leave out --library for ${language} inference snippets`);
  }
  return language as LibraryLanguage;
}

/** Local apps print shell commands (or a link): `--language sh` is the only one that means anything. */
function checkAppLanguage(raw: SnippetCommandOptions): void {
  if (raw.language === undefined) return;
  const language = parseLanguage(raw.language);
  if (language !== "sh") throw usageError(`--app prints shell commands, not ${language}`, "leave out --language with --app");
}

function fileRequest(raw: SnippetCommandOptions): Pick<FileRequest, "quant" | "file"> {
  const request: Pick<FileRequest, "quant" | "file"> = {};
  if (raw.quant !== undefined) request.quant = raw.quant;
  if (raw.file !== undefined) request.file = raw.file;
  return request;
}

/** The picker's first screen: the source and choices the command line named. */
function pickerPresets(raw: SnippetCommandOptions, options: SettledOptions): MenuPresets {
  if (raw.app !== undefined) {
    checkAppLanguage(raw);
    return { source: "local", app: raw.app, ...(raw.quant !== undefined && { quant: raw.quant }) };
  }
  if (raw.library) {
    // The picker's library code loads the default GGUF file; only its local runs choose one.
    if (raw.quant !== undefined || raw.fits !== undefined)
      throw usageError("-i with --library shows the library code with the default file: --quant and --fits go with --app there");
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

/** Whether a person is at a terminal, where a command that chose nothing opens the picker. */
export interface Terminal {
  interactive: boolean;
}

export function terminalOf(context: CommandContext): Terminal {
  // stdout first: asking about stdin makes its stream (see processContext), which piped output never needs.
  return { interactive: Boolean(context.stdout.isTTY) && context.stdinIsTTY };
}

/** The mode the flags ask for. The picker opens when asked, or for a person at a terminal who chose nothing to print. */
function modeOf(raw: SnippetCommandOptions, terminal: Terminal): SnippetMode {
  if (raw.interactive) return "picker";
  if (raw.app !== undefined) return "app";
  if (raw.library) return "library";
  const choseOutput = raw.language !== undefined || raw.client !== undefined || raw.json;
  return terminal.interactive && !choseOutput ? "picker" : "inference";
}

/** Parses `hubref snippet`'s arguments and flags into one command, or throws the usage error. */
export function parseSnippetCommand(models: string[], raw: SnippetCommandOptions, terminal: Terminal): SnippetCommand {
  checkFlagRules(raw);
  if (models.filter((model) => model === "-").length > 1) throw usageError("stdin (-) can be read once");
  const sources: ModelSources = { models, offline: raw.offline, refresh: raw.refresh };
  const mode = modeOf(raw, terminal);
  switch (mode) {
    case "app":
      checkAppLanguage(raw);
      return { ...sources, mode, app: raw.app!, files: fileRequest(raw), json: raw.json, ...fitsOptions(raw) };
    case "library":
      return {
        ...sources,
        mode,
        ...(raw.language !== undefined && { language: libraryLanguage(raw.language) }),
        files: fileRequest(raw),
        json: raw.json,
        ...fitsOptions(raw),
      };
    case "inference":
      return { ...sources, mode, options: parseSnippetOptions(raw), json: raw.json, verbose: raw.verbose === true };
    case "picker": {
      if (models.length !== 1) throw usageError("the interactive picker shows one model at a time", "pass one MODEL, or leave out -i");
      const options = parseSnippetOptions(raw);
      return { ...sources, mode, options, presets: pickerPresets(raw, options), ...fitsOptions(raw) };
    }
  }
}
