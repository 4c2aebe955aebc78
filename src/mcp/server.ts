import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import {
  blocksJson,
  describeModel,
  getModel,
  getRouterFacts,
  hardware,
  inferenceSnippets,
  libraryCode,
  localAppCommands,
  modelsThatFit,
  searchModels,
  tasks,
  toolOptions,
  type HubOptions,
  type Problem,
  type Result,
} from "../api/index.js";
import { findApp } from "../apps/registry.js";
import { LANGUAGES, LIBRARY_LANGUAGES, type LibraryLanguage } from "../format/languages.js";
import { CLIENTS } from "../inference/id-lists.js";
import type { SnippetOptions } from "../inference/snippet.js";
import { checkClientLanguage, parseChatApi, parseClient, parseLanguage, parseProvider, parseReasoningEffort } from "../inference/values.js";
import { CACHE_TYPE_NAMES } from "../memory/rules.js";
import { parseLocalRequest } from "../local/request.js";
import { FLASH_ATTENTION, PREFERENCES, type RawLocalOptions } from "../local/settings.js";
import { rawFromJson, TEXT_LOCAL_SHAPE } from "../local/settings-schema.js";
import { CHAT_APIS, REASONING_EFFORTS } from "../inference/responses.js";
import { fail, Failure } from "../outcome/problems.js";
import { closestMatch } from "../util/suggest.js";
import type { SettingKey } from "../outcome/settings.js";
import { isServeEngine } from "../serve/engines.js";
import { mcpProblem } from "./names.js";
import { problemSource } from "../api/problem.js";
import { servesSafetensors } from "../local/serve-format.js";
import { serveAnswer } from "../api/index.js";
import { KV_CACHE_DTYPES } from "../serve/vllm-rules.js";
import { hubConfigFromEnv } from "../model/hub/env.js";
import { terminalLine, terminalText } from "../output/terminal-text.js";
import { SORT_NAMES } from "../search/query.js";
import { searchRequest } from "../search/request.js";

/*
 * `hubref mcp`: the library's functions as tools of a Model Context Protocol
 * server over stdio, for coding agents. The hub is reached as the command
 * line reaches it (HF_ENDPOINT, HF_TOKEN, the cache, --offline). Hub text is
 * untrusted on its way to an agent too: every string of hub data and every
 * message goes through the terminal sanitiser, while generated code passes
 * as it is, since it is safe by construction (every string in it went
 * through its language's literal formatter). Each answer is bounded: lists
 * come a page at a time.
 */

export interface McpSettings {
  env: NodeJS.ProcessEnv;
  offline: boolean;
  version: string;
}

/** Items per page of every list a tool returns. */
export const PAGE_SIZE = 20;

/** Every string of a hub value through the sanitiser, the structure kept. */
function clean<T>(value: T): T {
  if (typeof value === "string") return terminalLine(value) as T;
  if (Array.isArray(value)) return value.map(clean) as T;
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clean(item)])) as T;
  return value;
}

/** The hub as the command line reaches it, read from the environment by the same function. */
function hubOf(settings: McpSettings): HubOptions {
  const config = hubConfigFromEnv(settings.env);
  return {
    ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint }),
    ...(config.token === undefined ? {} : { token: config.token }),
    ...(config.router === undefined ? {} : { router: config.router }),
    ...(config.cacheRoot === undefined ? {} : { cacheDir: config.cacheRoot }),
    ...(settings.offline ? { offline: true } : {}),
    ...(config.fetch === undefined ? {} : { settings: config.fetch }),
  };
}

type ToolAnswer = { content: { type: "text"; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

/** A problem as the protocol's error result: the `error:` and `hint:` lines the command line prints. */
function failure(given: Problem): ToolAnswer {
  // A problem the library made from one of hubref's errors is worded again with the tools' own names.
  const source = problemSource(given);
  const reworded = source === undefined ? undefined : mcpProblem(source);
  const problem = reworded === undefined ? given : { ...reworded, code: given.code };
  const lines = [...problem.message.split("\n").map((line) => `error: ${line}`), ...(problem.hint === undefined ? [] : [`hint: ${problem.hint}`])];
  const text = lines.join("\n");
  return { content: [{ type: "text", text: terminalText(text) }], isError: true };
}

function answer(structured: Record<string, unknown>): ToolAnswer {
  return { content: [{ type: "text", text: JSON.stringify(structured, null, 2) }], structuredContent: structured };
}

/** One page of a list, with where it is in the whole. */
function page<T>(items: readonly T[], number: number, size = PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(items.length / size));
  return { items: items.slice((number - 1) * size, number * size), page: number, pages, total: items.length };
}

const pageInput = z.number().int().min(1).default(1).describe(`Page of the list (${PAGE_SIZE} items a page), from 1.`);
const pageOutput = { page: z.number(), pages: z.number(), total: z.number() };
const messages = z.array(z.string());

/** What every model tool takes: a hub id. */
const modelInput = z.string().min(1).max(200).describe("A hub model id, such as meta-llama/Llama-3.1-8B-Instruct.");

/** Runs a tool's body; a throw that is not hubref's own is a bug, reported as an error result so the server keeps serving. */
async function guarded(run: () => Promise<ToolAnswer>): Promise<ToolAnswer> {
  try {
    return await run();
  } catch (error) {
    // A value an argument parser refused: the tools' own names, as the command line's parser words it with its flags.
    const refused = mcpProblem(error);
    if (refused !== undefined) return failure(refused);
    return failure({ code: "unavailable", kind: "other", message: `internal error: ${error instanceof Error ? error.message : String(error)}` });
  }
}

async function modelFrom(id: string, hub: HubOptions, sizes: boolean): Promise<Result<Parameters<typeof describeModel>[0]>> {
  return getModel(id, hub, sizes);
}

/**
 * A block of code as an agent gets it: the shape `hubref snippet --json` prints (blocksJson), the code unchanged,
 * what describes it through the sanitiser.
 */
const blockOutput = z.object({
  model: z.string(),
  source: z.enum(["inference", "library", "local"]),
  language: z.string(),
  client: z.string().optional(),
  provider: z.string().optional(),
  library: z.string().optional(),
  app: z.string().optional(),
  title: z.string(),
  kind: z.enum(["snippet", "deeplink"]).optional(),
  setup: z.boolean().optional(),
  quant: z.string().nullable().optional(),
  file: z.string().nullable().optional(),
  content: z.string(),
});
type BlockOut = z.infer<typeof blockOutput>;

// The local run's settings, as the library's options and the command line's flags: one parser checks them all
// (src/local/request.ts, parseLocalRequest), so the schema only shapes them, and a bad value gets hubref's words.
/** What each local-run setting means to an agent, beside its shape from the run settings' table. */
const LOCAL_WORDS: Partial<Record<keyof typeof TEXT_LOCAL_SHAPE, string>> = {
  fits: "With library or app: the machine, a size (16GB) or hardware (RTX 4090); the quant that runs best there.",
  ram: "With fits naming a GPU: the system memory beside it (32GB); 32 GB is assumed, and said, without it.",
  margin: "With fits: memory kept free on each GPU (default 1GiB, as llama.cpp keeps).",
  prefer: `With fits: ${PREFERENCES.join(" or ")}: the largest that fits anywhere, or the fastest of Q4_K_M's class.`,
  ctx: "Tokens of context the commands run (32768, 32k); max: the trained length; fit: the most that fits (with fits and quant).",
  cacheType: `The K and V cache's type: ${CACHE_TYPE_NAMES.join(", ")}.`,
  flashAttention: `${FLASH_ATTENTION.join(", ")}.`,
};
const { quant: _quant, file: _file, ...runShape } = TEXT_LOCAL_SHAPE;
const localInput = Object.fromEntries(
  Object.entries(runShape).map(([key, schema]) => {
    const words = LOCAL_WORDS[key as keyof typeof LOCAL_WORDS];
    return [key, words === undefined ? schema : schema.describe(words)];
  }),
) as typeof runShape;
type LocalArgs = { [K in keyof typeof localInput]?: z.infer<(typeof localInput)[K]> } & { quant?: string; file?: string };
/** The arguments as the local-run owner's request, read by the command line's parser: a bad value throws its problem. */
const localRaw = (args: LocalArgs): RawLocalOptions => rawFromJson(args);
/** The library's options for a request the parser took: the same values, typed. */
const localOptions = (args: LocalArgs) => {
  const request = parseLocalRequest(localRaw(args));
  return {
    ...(args.fits === undefined ? {} : { fits: args.fits }),
    ...(args.ram === undefined ? {} : { ram: args.ram }),
    ...(args.margin === undefined ? {} : { margin: args.margin }),
    ...(request.prefer === undefined ? {} : { prefer: request.prefer }),
    ...(request.ctx === undefined ? {} : { ctx: request.ctx }),
    ...(request.cacheTypeK === undefined ? {} : { cacheTypeK: request.cacheTypeK }),
    ...(request.cacheTypeV === undefined ? {} : { cacheTypeV: request.cacheTypeV }),
    ...(request.flashAttention === undefined ? {} : { flashAttention: request.flashAttention }),
  };
};

/** Blocks of code in one answer at most. */
export const PAGE_BLOCKS = 10;
/**
 * The characters of code and its description one page of blocks holds at most (about 6,000 tokens); a single block
 * larger than that (a whole tool-calling program in a verbose language) comes alone on its page.
 */
export const MAX_ANSWER_CHARS = 24_000;

/** Blocks split into pages: each holds PAGE_BLOCKS at most and MAX_ANSWER_CHARS of their JSON at most, but one block at least. */
function pagesBySize<T>(blocks: readonly T[]): T[][] {
  const pages: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const block of blocks) {
    const length = JSON.stringify(block).length;
    if (current.length > 0 && (current.length >= PAGE_BLOCKS || size + length > MAX_ANSWER_CHARS)) {
      pages.push(current);
      current = [];
      size = 0;
    }
    current.push(block);
    size += length;
  }
  if (current.length > 0 || pages.length === 0) pages.push(current);
  return pages;
}

/** What an agent is told of the rest of a list: where this page is and the argument that fetches the next. */
function pageNotes(number: number, pages: number, total: number): string[] {
  if (pages <= 1) return [];
  return [`page ${number} of ${pages} (${total} in all)${number < pages ? `: pass \`page: ${number + 1}\` for the next` : ""}`];
}

type SnippetArgs = LocalArgs & {
  language?: string;
  client?: string;
  provider?: string;
  inputs?: string;
  stream?: boolean;
  tools?: unknown;
  schema?: unknown;
  api?: string;
  reasoningEffort?: string;
  library?: boolean;
  app?: string;
};

/** The arguments that choose or plan a GGUF file, by the setting each stands for. */
const LOCAL_ARGS = [
  ["quant", "quant"],
  ["file", "file"],
  ["fits", "fits"],
  ["ram", "ram"],
  ["margin", "margin"],
  ["prefer", "prefer"],
  ["ctx", "ctx"],
  ["cacheType", "cacheType"],
  ["cacheTypeK", "cacheTypeK"],
  ["cacheTypeV", "cacheTypeV"],
  ["flashAttention", "flashAttn"],
] as const satisfies readonly (readonly [keyof SnippetArgs, SettingKey])[];

/** The arguments that shape a hosted inference call and nothing else. */
const INFERENCE_ARGS = [
  ["client", "client"],
  ["provider", "provider"],
  ["inputs", "inputs"],
  ["stream", "stream"],
  ["tools", "tools"],
  ["schema", "schema"],
  ["api", "api"],
  ["reasoningEffort", "reasoningEffort"],
] as const satisfies readonly (readonly [keyof SnippetArgs, SettingKey])[];

type FilesOf = ReturnType<typeof localOptions> & { quant?: string; file?: string };

/** get_snippet's arguments, parsed once by the command line's parsers: which source, and its values, checked. */
type SnippetRequest =
  | { source: "inference"; options: Omit<SnippetOptions, "tools" | "schema" | "router">; chosen?: string }
  | { source: "library"; language?: LibraryLanguage; files: FilesOf; chosen?: undefined }
  | { source: "app"; app: string; files: FilesOf; chosen?: undefined };

/** The settings of `pairs` the arguments give (a switch set to false gives nothing). */
function givenSettings(args: object, pairs: readonly (readonly [string, SettingKey])[]): SettingKey[] {
  const values = args as Record<string, unknown>;
  return pairs.filter(([argument]) => values[argument] !== undefined && values[argument] !== false).map(([, key]) => key);
}

export function snippetRequest(args: SnippetArgs): SnippetRequest {
  if (args.app !== undefined && args.library === true) fail({ kind: "settings-not-applying", source: "library", settings: ["app"] });
  const source = args.app !== undefined ? "app" : args.library === true ? "library" : "inference";
  // An argument the source would ignore is refused, as the command line refuses the flag: nothing is dropped unsaid.
  const ignored = givenSettings(args, source === "inference" ? LOCAL_ARGS : INFERENCE_ARGS);
  if (ignored.length > 0) fail({ kind: "settings-not-applying", source, settings: ignored });
  if (source === "inference") return inferenceRequest(args);
  const files: FilesOf = {
    ...(args.quant === undefined ? {} : { quant: args.quant }),
    ...(args.file === undefined ? {} : { file: args.file }),
    ...localOptions(args),
  };
  if (source === "app") {
    if (args.language !== undefined && parseLanguage(args.language) !== "sh") fail({ kind: "settings-not-applying", source, settings: ["language"] });
    if (!isServeEngine(args.app!.trim().toLowerCase())) findApp(args.app!);
    return { source, app: args.app!, files };
  }
  if (args.language === undefined) return { source, files };
  const language = parseLanguage(args.language);
  if (!(LIBRARY_LANGUAGES as readonly string[]).includes(language)) fail({ kind: "library-language-unwritten", language, languages: LIBRARY_LANGUAGES });
  return { source, language: language as LibraryLanguage, files };
}

/** The inference call's values; one language unless all are asked. */
function inferenceRequest(args: SnippetArgs): SnippetRequest {
  const options: Omit<SnippetOptions, "tools" | "schema" | "router"> = {};
  let chosen: string | undefined;
  const all = args.language?.trim().toLowerCase() === "all";
  if (args.language !== undefined && !all) options.language = parseLanguage(args.language);
  if (args.client !== undefined) options.client = parseClient(args.client);
  if (options.language !== undefined && options.client !== undefined) checkClientLanguage(options.language, options.client);
  if (args.language === undefined && args.client === undefined) {
    options.language = "python";
    chosen = `python only: pass \`language\` for another (${LANGUAGES.filter((language) => language !== "python").join(", ")}), or "all" for every language`;
  }
  if (args.provider !== undefined) {
    const value = parseProvider(args.provider);
    if (value.kind === "unlisted") options.unlistedProvider = value.provider;
    else if (value.kind === "policy") options.routerPolicy = value.policy;
    else options.provider = value.provider;
  }
  if (args.inputs !== undefined) options.inputs = args.inputs;
  if (args.stream !== undefined) options.stream = args.stream;
  if (args.api !== undefined) {
    const api = parseChatApi(args.api);
    if (api !== "chat") options.api = api;
  }
  if (args.reasoningEffort !== undefined) options.reasoningEffort = parseReasoningEffort(args.reasoningEffort);
  return { source: "inference", options, ...(chosen === undefined ? {} : { chosen }) };
}

type ToolHandler = (args: Record<string, unknown>, extra: unknown) => unknown;

/**
 * Every tool refuses an argument it does not take, in hubref's words with the nearest argument, where the SDK's
 * object would drop it unsaid (a misspelt `lanugage` would quietly give python). The schema is made loose so that
 * the unknown key reaches the check; the tool's own handler never sees one.
 */
function refusingUnknownArguments(server: McpServer): void {
  const register = server.registerTool.bind(server) as unknown as (name: string, config: object, handler: ToolHandler) => unknown;
  const wrapped = (name: string, config: { inputSchema?: z.ZodRawShape }, handler: ToolHandler) => {
    const shape = config.inputSchema ?? {};
    const known = Object.keys(shape);
    return register(name, { ...config, inputSchema: z.looseObject(shape) }, (args, extra) => {
      const unknown = Object.keys(args).filter((key) => !known.includes(key));
      if (unknown.length === 0) return handler(args, extra);
      const closest = closestMatch(unknown[0]!, known);
      const refused = new Failure({
        kind: "option-unknown",
        noun: "argument",
        call: name,
        option: unknown[0]!,
        known,
        more: unknown.length - 1,
        ...(closest === undefined ? {} : { closest }),
      });
      return failure(mcpProblem(refused)!);
    });
  };
  (server as unknown as { registerTool: typeof wrapped }).registerTool = wrapped;
}

export function createServer(settings: McpSettings): McpServer {
  const server = new McpServer({ name: "hubref", version: settings.version });
  refusingUnknownArguments(server);
  const hub = hubOf(settings);

  server.registerTool(
    "search_models",
    {
      title: "Search models",
      description: `Search the hub's models with the filters of \`hubref models\`; with fits, only the GGUF repositories that fit that machine, each with the quant that runs best there, where it runs and its estimated speed, as \`hubref models --fits\` lists them. limit results (default 20), ${PAGE_SIZE} a page.`,
      inputSchema: {
        query: z.string().max(200).optional().describe("Words in the model id."),
        task: z.string().max(100).optional().describe("A task (pipeline tag), such as text-generation."),
        library: z.string().max(100).optional().describe("A library key, such as transformers."),
        provider: z.string().max(100).optional().describe("An inference provider, or `all` for any live one."),
        app: z.string().max(100).optional().describe("A local app that runs it, such as llama.cpp."),
        author: z.string().max(100).optional(),
        gguf: z.boolean().optional().describe("Only repositories with GGUF files."),
        params: z.string().max(40).optional().describe("Sizes, such as 7B..14B, ..3B, 70B.."),
        sort: z
          .string()
          .max(20)
          .optional()
          .describe(`${SORT_NAMES.join(", ")}.`),
        limit: z
          .union([z.number(), z.string().max(20)])
          .optional()
          .describe("How many results, at most 1000 (default 20)."),
        ...localInput,
        page: pageInput,
      },
      outputSchema: { models: z.array(z.record(z.string(), z.unknown())), notes: messages, ...pageOutput },
    },
    (args) =>
      guarded(async () => {
        const { page: number, query, task, library, provider, app, author, gguf, params, sort, limit } = args;
        const filters = {
          ...(query === undefined ? {} : { query }),
          ...(task === undefined ? {} : { task }),
          ...(library === undefined ? {} : { library }),
          ...(provider === undefined ? {} : { provider }),
          ...(app === undefined ? {} : { app }),
          ...(author === undefined ? {} : { author }),
          ...(gguf === undefined ? {} : { gguf }),
          ...(params === undefined ? {} : { params }),
          ...(sort === undefined ? {} : { sort }),
          ...(limit === undefined ? {} : { limit: String(limit) }),
        };
        // The parsers of `hubref models`: the filters, then the run each plan is made for.
        searchRequest(filters);
        let found: Result<readonly object[]>;
        if (args.fits === undefined) {
          const run = givenSettings(args, LOCAL_ARGS.slice(2));
          if (run.length > 0) fail({ kind: "settings-not-applying", source: "search", settings: run });
          found = await searchModels(filters, hub);
        } else found = await modelsThatFit(filters, { ...localOptions(args), fits: args.fits }, hub);
        if (!found.ok) return failure(found.problem);
        const { items, ...where } = page(found.value, number);
        return answer({ models: clean(items), notes: [...found.notes.map(terminalLine), ...pageNotes(where.page, where.pages, where.total)], ...where });
      }),
  );

  server.registerTool(
    "describe_model",
    {
      title: "Describe a model",
      description: `What one model offers, as \`hubref model ID\` shows it: its inference providers (with their ids and status), the local apps that run it, its library's code, and its GGUF quants, each with the hubref command that prints its code. Quants come ${PAGE_SIZE} a page (page).`,
      inputSchema: { model: modelInput, page: pageInput },
      outputSchema: { model: z.record(z.string(), z.unknown()), notes: messages, ...pageOutput },
    },
    ({ model, page: number }) =>
      guarded(async () => {
        const data = await modelFrom(model, hub, true);
        if (!data.ok) return failure(data.problem);
        const offer = describeModel(data.value);
        if (!offer.ok) return failure(offer.problem);
        const { items, ...where } = page(offer.value.quants ?? [], number);
        const notes = pageNotes(where.page, where.pages, where.total).map((note) => `quants: ${note}`);
        return answer({ model: clean({ ...offer.value, quants: offer.value.quants === null ? null : items }), notes, ...where });
      }),
  );

  server.registerTool(
    "get_snippet",
    {
      title: "Get code for a model",
      description: `Code that uses a model, as \`hubref snippet\` prints it, tested to run: calls to hosted inference (the default), the model's own library's code (library: true), or the commands of a local app (app). The code comes as it is; notes say what is worth knowing. One language a call (python unless language or client names another; language "all" for every one); a page holds at most ${PAGE_BLOCKS} blocks and about ${MAX_ANSWER_CHARS.toLocaleString("en-US")} characters, and a note says how to get the next.`,
      inputSchema: {
        model: modelInput,
        language: z
          .string()
          .max(40)
          .optional()
          .describe(`One of ${LANGUAGES.join(", ")}, or all; python when neither language nor client is given (sh with app).`),
        client: z
          .string()
          .max(40)
          .optional()
          .describe(`A client: ${CLIENTS.join(", ")}.`),
        provider: z
          .string()
          .max(100)
          .optional()
          .describe("The inference provider; auto lets the hub choose; fastest and cheapest are the router's policies (chat)."),
        inputs: z.string().max(100_000).optional().describe("Replaces the example input: JSON where the task takes an object or messages, else text."),
        stream: z.boolean().optional(),
        tools: z
          .union([z.boolean(), z.array(z.unknown())])
          .optional()
          .describe(
            "Chat models: a program that runs the tool calls the model asks for; true for a sample weather tool, or an array of OpenAI function tools.",
          ),
        schema: z
          .union([z.boolean(), z.record(z.string(), z.unknown())])
          .optional()
          .describe("Chat models: the reply is JSON following this JSON Schema; true for a sample schema."),
        api: z
          .string()
          .max(20)
          .optional()
          .describe(`Chat models: ${CHAT_APIS.join(" or ")} (chat completions, the default, or the Responses API).`),
        reasoningEffort: z
          .string()
          .max(20)
          .optional()
          .describe(`Chat models: the reasoning effort the request asks for, ${REASONING_EFFORTS.join(", ")}.`),
        library: z.boolean().optional().describe("The model's own library's usage code instead of inference calls."),
        app: z.string().max(100).optional().describe("A local app's commands instead, such as llama.cpp or ollama."),
        quant: z.string().max(100).optional().describe("With library or app: the GGUF quant, such as Q4_K_M."),
        file: z.string().max(500).optional().describe("With library or app: the GGUF file."),
        ...localInput,
        page: pageInput,
      },
      outputSchema: { blocks: z.array(blockOutput), notes: messages, warnings: messages, ...pageOutput },
    },
    (args) =>
      guarded(async () => {
        const request = snippetRequest(args);
        const data = await modelFrom(args.model, hub, request.source !== "inference" && args.fits !== undefined);
        if (!data.ok) return failure(data.problem);
        const model = data.value;
        let result: Result<BlockOut[]>;
        if (request.source === "app") {
          const made = await localAppCommands(model, request.app, { ...request.files, hub });
          result = made.ok ? { ...made, value: blocksJson([made.value]) } : made;
        } else if (request.source === "library") {
          const made = await libraryCode(model, { ...request.files, ...(request.language === undefined ? {} : { language: request.language }), hub });
          result = made.ok ? { ...made, value: blocksJson(made.value) } : made;
        } else {
          const tools = toolOptions(args.tools, args.schema);
          if (!tools.ok) return failure(tools.problem);
          // tools and schema need a provider that has them: checked against the router's list, as the command line does.
          const needsRouter = tools.value.tools !== undefined || tools.value.schema !== undefined;
          const made = inferenceSnippets(model, {
            ...tools.value,
            ...(needsRouter ? { router: await getRouterFacts(hub) } : {}),
            ...request.options,
          });
          result = made.ok ? { ...made, value: blocksJson(made.value) } : made;
        }
        if (!result.ok) return failure(result.problem);
        const pages = pagesBySize(result.value);
        const number = Math.min(args.page, pages.length);
        const items = pages[number - 1] ?? [];
        // The code as generated; what describes it is hub text.
        const blocks = items.map(({ content, ...about }) => ({ ...clean(about), content }));
        const rest = [...(request.chosen === undefined ? [] : [request.chosen]), ...pageNotes(number, pages.length, result.value.length)];
        return answer({
          blocks,
          notes: [...result.notes.map(terminalLine), ...rest],
          warnings: result.warnings.map(terminalLine),
          page: number,
          pages: pages.length,
          total: result.value.length,
        });
      }),
  );

  server.registerTool(
    "plan_local_run",
    {
      title: "Plan a local run",
      description:
        "For a GGUF repository: the quant that runs best on a memory size (16GB) or named hardware (RTX 4090, 2x3090, M3 Max:64) at a context size (Q4_K_M's class, the largest that runs on the GPU), why, where it runs and how fast (estimated), and the local app's commands that run it as planned. For a safetensors repository with app vllm, sglang or mlx-lm: the server's plan (the context that fits, the requests at once, the KV cache, whether it starts) and its command.",
      inputSchema: {
        model: modelInput,
        ...localInput,
        fits: z.string().min(1).max(100).describe("A size (16GB, 24GiB) or hardware by name."),
        quant: z.string().max(100).optional().describe("The GGUF quant to plan, instead of the one chosen."),
        app: z.string().max(100).default("llama.cpp"),
        kvCacheDtype: z
          .enum(Object.keys(KV_CACHE_DTYPES) as [string, ...string[]])
          .optional()
          .describe("With app vllm or sglang and a safetensors repository: the KV cache's dtype (fp8 halves it)."),
        gpuMemoryUtilization: z.number().gt(0).max(1).optional().describe("With app vllm or sglang: the share of each GPU the server takes."),
      },
      outputSchema: {
        app: z.string(),
        quant: z.record(z.string(), z.unknown()).nullable(),
        commands: z.string(),
        notes: messages,
        plan: z.record(z.string(), z.unknown()).optional(),
      },
    },
    (args) =>
      guarded(async () => {
        const data = await modelFrom(args.model, hub, true);
        if (!data.ok) return failure(data.problem);
        // A server of the safetensors weights has its own plan: the one snippet --app vllm --fits makes.
        if (servesSafetensors(args.app, data.value)) {
          const served = await serveAnswer(
            data.value,
            {
              engine: args.app,
              fits: args.fits,
              // Read as the command line reads --ctx (16k, max, fit); a bad one is its problem.
              ...(args.ctx === undefined ? {} : { ctx: parseLocalRequest({ ctx: args.ctx }).ctx! }),
              ...(args.kvCacheDtype === undefined ? {} : { kvCacheDtype: args.kvCacheDtype }),
              ...(args.gpuMemoryUtilization === undefined ? {} : { gpuMemoryUtilization: args.gpuMemoryUtilization }),
            },
            hub,
          );
          if (!served.ok) return failure(served.problem);
          return answer({
            app: args.app,
            quant: null,
            commands: served.value.block?.content ?? "",
            notes: [...served.notes, ...served.warnings].map(terminalLine),
            plan: served.value.plan,
          });
        }
        const made = await localAppCommands(data.value, args.app, {
          ...localOptions(args),
          ...(args.quant === undefined ? {} : { quant: args.quant }),
          hub,
        });
        if (!made.ok) return failure(made.problem);
        return answer({
          app: made.value.app,
          quant: made.value.quant === null ? null : clean({ ...made.value.quant }),
          commands: made.value.content,
          notes: made.notes.map(terminalLine),
        });
      }),
  );

  server.registerTool(
    "list_tasks",
    {
      title: "List tasks",
      description: `The hub's tasks (pipeline types): id, label, libraries, and whether hubref has inference snippets for them. ${PAGE_SIZE} a page.`,
      inputSchema: { page: pageInput },
      outputSchema: { tasks: z.array(z.record(z.string(), z.unknown())), notes: messages, ...pageOutput },
    },
    ({ page: number }) =>
      guarded(async () => {
        const all = tasks().map((task) => ({ id: task.id, label: task.label, libraries: task.libraries }));
        const { items, ...where } = page(all, number);
        return answer({ tasks: items, notes: pageNotes(where.page, where.pages, where.total), ...where });
      }),
  );

  server.registerTool(
    "list_hardware",
    {
      title: "List hardware",
      description: `The hardware plan_local_run and fits name: GPUs, CPUs and Apple chips with their memory sizes (GB). Filter by words in the name. ${PAGE_SIZE} a page.`,
      inputSchema: { query: z.string().max(100).optional(), page: pageInput },
      outputSchema: { hardware: z.array(z.record(z.string(), z.unknown())), notes: messages, ...pageOutput },
    },
    ({ query, page: number }) =>
      guarded(async () => {
        const words = (query ?? "").toLowerCase().split(/\s+/).filter(Boolean);
        const all = hardware()
          .filter((device) => words.every((word) => device.name.toLowerCase().includes(word)))
          .map(({ name, kind, vendor, memoryGB }) => ({ name, kind, vendor, ...(memoryGB === undefined ? {} : { memoryGB }) }));
        const { items, ...where } = page(all, number);
        return answer({ hardware: items, notes: pageNotes(where.page, where.pages, where.total), ...where });
      }),
  );

  return server;
}

/** Serves on stdin and stdout until the client closes them. */
export async function serveMcp(settings: McpSettings): Promise<void> {
  const server = createServer(settings);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  // The client closing stdin ends the session; connect() has set the transport's onclose, so it is wrapped here.
  await new Promise<void>((resolve) => {
    const onclose = transport.onclose;
    transport.onclose = () => {
      onclose?.();
      resolve();
    };
    process.stdin.once("end", () => resolve());
  });
  await server.close();
}
