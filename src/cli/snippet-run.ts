import type { CommandContext } from "./context.js";
import type { SnippetCommandOptions } from "./snippet-options.js";
import { HubrefError, usageError } from "../errors.js";
import { renderJson } from "../output/output.js";
import { JsonArrayWriter } from "../output/stream-writer.js";
import { checkCacheFlags, isModelFile, resolveModel, type ResolveOptions } from "../model/resolve.js";
import type { ModelData } from "../model/schema.js";
import { libraryHintFor, printLibrarySnippets } from "./snippet-library.js";
import { runSnippetPicker, wantsPicker } from "./snippet-interactive.js";
import { LANGUAGE_ALIASES, requireChoice } from "../choices/choices.js";
import { pyComment } from "../format/python.js";
import { jsComment } from "../format/js.js";
import { shellComment } from "../format/shell.js";
import { CLIENTS, CLIENTS_BY_LANGUAGE, LANGUAGES, PROVIDER_CHOICES, languagesOfClient } from "../inference/id-lists.js";
import type { Language } from "../inference/ids.js";
import { generateSnippets } from "../inference/engine.js";
import { tokenProblem } from "../inference/token.js";
import { settleOptions, type SettledOptions, type Snippet, type SnippetOptions, type SnippetResult } from "../inference/snippet.js";
import { terminalLine } from "../output/terminal-text.js";

/*
 * Running `hubref snippet`: the options checked into engine options, one
 * generateSnippets call per model, and the output (code, or JSON).
 */

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

/** Checks the command-line options and turns them into engine options. */
export function parseSnippetOptions(raw: SnippetCommandOptions): SettledOptions {
  const language = raw.language === undefined ? undefined : requireChoice("language", raw.language, LANGUAGES, { aliases: LANGUAGE_ALIASES });
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
  if (raw.temperature !== undefined) options.temperature = numberOption("--temperature", raw.temperature, DECIMAL, (n) => n <= 2, "a number from 0 to 2");
  if (raw.maxTokens !== undefined) options.maxTokens = numberOption("--max-tokens", raw.maxTokens, WHOLE, Number.isSafeInteger, "a whole number above 0");
  if (raw.topP !== undefined) options.topP = numberOption("--top-p", raw.topP, DECIMAL, (n) => n > 0 && n <= 1, "a number above 0, at most 1");
  return settleOptions(options);
}

const COMMENT: Record<Language, (text: string) => string> = { python: pyComment, js: jsComment, sh: shellComment };

/** Several snippets, each under a comment line in its own language. */
export function renderSnippets(snippets: Snippet[]): string {
  if (snippets.length === 1) return snippets[0]!.content;
  const models = new Set(snippets.map((snippet) => snippet.model)).size;
  return snippets
    .map((snippet) => {
      const title = `${snippet.language} / ${snippet.client} / ${snippet.provider}`;
      return `${COMMENT[snippet.language](models > 1 ? `${snippet.model}: ${title}` : title)}\n${snippet.content}`;
    })
    .join("\n");
}

/**
 * --library prints the library's own code: inference-call flags would be
 * silently ignored there, so they are refused; --language filters the blocks.
 */
function libraryOptions(raw: SnippetCommandOptions): Language | undefined {
  const ignored = [
    raw.client !== undefined && "--client",
    // commander defaults --provider to auto, which names no provider.
    raw.provider !== undefined && raw.provider !== "auto" && "--provider",
    raw.stream && "--stream",
    raw.direct && "--direct",
  ].filter((flag): flag is string => flag !== false);
  if (ignored.length > 0) {
    throw usageError(
      `--library prints the library's usage code, which ${ignored.join(", ")} do${ignored.length === 1 ? "es" : ""} not apply to`,
      "leave out --library for inference API snippets",
    );
  }
  return raw.language === undefined ? undefined : requireChoice("language", raw.language, LANGUAGES, { aliases: LANGUAGE_ALIASES });
}

export async function runSnippet(models: string[], raw: SnippetCommandOptions, context: CommandContext): Promise<void> {
  if (raw.app !== undefined && !raw.interactive) {
    const { runAppSnippet } = await import("./snippet-app.js");
    return runAppSnippet(models, raw, context);
  }
  if (raw.app === undefined && (raw.quant !== undefined || raw.file !== undefined || raw.fits !== undefined))
    throw usageError("--quant, --file and --fits go with --app", "for example: --app llama.cpp --quant Q4_K_M");
  if (models.filter((model) => model === "-").length > 1) throw usageError("stdin (-) can be read once");
  checkCacheFlags(raw);
  const libraryLanguage = raw.library ? libraryOptions(raw) : undefined;
  const options = parseSnippetOptions(raw);
  const resolveOptions = { env: context.env, stderr: context.stderr, offline: raw.offline, refresh: raw.refresh };
  if (raw.json && !raw.library && models.length > 1 && !raw.interactive) {
    await streamJsonSnippets(models, options, resolveOptions, context);
    return;
  }
  const loaded: ModelData[] = [];
  for (const arg of models) loaded.push(await resolveModel(arg, resolveOptions));
  if (raw.library && !raw.interactive) {
    await printLibrarySnippets(loaded, raw.json, context, libraryLanguage);
    return;
  }
  if (wantsPicker(raw, context)) {
    await runSnippetPicker(loaded, models, options, raw, context);
    return;
  }
  const snippets: Snippet[] = [];
  const shortfalls: Shortfalls = { problems: [], hints: [] };
  for (const model of loaded) snippets.push(...modelSnippets(model, options, loaded.length, shortfalls, context));
  if (snippets.length === 0) throw noSnippetError(shortfalls, loaded.length === 1 ? loaded[0] : undefined);
  for (const problem of shortfalls.problems) context.stderr.write(`warning: ${terminalLine(problem)}\n`);
  context.stdout.write(raw.json ? renderJson(snippets) : renderSnippets(snippets));
}

/** What the models that gave no snippet said: the reasons, and the ways forward. */
interface Shortfalls {
  problems: string[];
  hints: string[];
}

/** One model's snippets; its notes and warnings go to stderr, its problems and hints into `shortfalls`. */
function modelSnippets(model: ModelData, options: SettledOptions, modelCount: number, { problems, hints }: Shortfalls, context: CommandContext): Snippet[] {
  let result: SnippetResult;
  try {
    result = generateSnippets(model, options);
  } catch (error) {
    // With several models, one the provider does not serve should not stop the others.
    if (!(error instanceof HubrefError) || modelCount === 1) throw error;
    problems.push(error.message);
    return [];
  }
  problems.push(...result.problems);
  hints.push(...result.hints);
  for (const note of result.notes) context.stderr.write(`note: ${terminalLine(note)}\n`);
  for (const warning of result.warnings) context.stderr.write(`warning: ${terminalLine(warning)}\n`);
  return result.snippets;
}

function noSnippetError({ problems, hints }: Shortfalls, onlyModel: ModelData | undefined): HubrefError {
  const hint = hints.length > 0 ? [...new Set(hints)].join("; ") : onlyModel !== undefined ? libraryHintFor(onlyModel) : undefined;
  return usageError(problems.length > 0 ? problems.join("\nerror: ") : "no snippet for these options", hint);
}

/**
 * `--json` for several models, written as each model's snippets are made, so
 * memory does not grow with the output. Every model is read and checked
 * first, so bad input stops the command before any output. Only what cannot
 * be read twice (stdin) or cheaply (the hub) is kept from that first pass;
 * files are read again. Reading them ahead on libuv's threads was measured
 * slower than these synchronous reads (README, Performance).
 */
async function streamJsonSnippets(models: string[], options: SettledOptions, resolveOptions: ResolveOptions, context: CommandContext): Promise<void> {
  const kept = new Map<number, ModelData>();
  for (const [index, arg] of models.entries()) {
    const model = await resolveModel(arg, resolveOptions);
    if (!isModelFile(arg)) kept.set(index, model);
  }
  const out = new JsonArrayWriter(context.stdout);
  const shortfalls: Shortfalls = { problems: [], hints: [] };
  for (const [index, arg] of models.entries()) {
    const model = kept.get(index) ?? (await resolveModel(arg, resolveOptions));
    for (const snippet of modelSnippets(model, options, models.length, shortfalls, context)) await out.add(snippet);
  }
  if (out.length === 0) throw noSnippetError(shortfalls, undefined);
  for (const problem of shortfalls.problems) context.stderr.write(`warning: ${terminalLine(problem)}\n`);
  await out.end();
}
