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
  searchModels,
  tasks,
  toolOptions,
  type HubOptions,
  type Problem,
  type Result,
} from "../api/index.js";
import { LANGUAGES, LIBRARY_LANGUAGES } from "../format/languages.js";
import { CLIENTS, PROVIDER_CHOICES } from "../inference/id-lists.js";
import { CACHE_TYPE_NAMES } from "../memory/rules.js";
import { FLASH_ATTENTION, PREFERENCES } from "../local/request.js";
import { servesSafetensors } from "../local/serve-format.js";
import { serveAnswer } from "../api/index.js";
import { KV_CACHE_DTYPES } from "../serve/vllm-rules.js";
import { CHAT_APIS, REASONING_EFFORTS, ROUTER_POLICIES, type RouterPolicy } from "../inference/responses.js";
import { hubConfigFromEnv } from "../model/hub/env.js";
import { terminalLine, terminalText } from "../output/terminal-text.js";
import { SORT_NAMES } from "../search/query.js";

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
const MAX_SEARCH = 100;

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
function failure(problem: Problem): ToolAnswer {
  const text = `error: ${problem.message}${problem.hint === undefined ? "" : `\nhint: ${problem.hint}`}`;
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

export function createServer(settings: McpSettings): McpServer {
  const server = new McpServer({ name: "hubref", version: settings.version });
  const hub = hubOf(settings);

  server.registerTool(
    "search_models",
    {
      title: "Search models",
      description: `Search the hub's models with the filters of \`hubref models\`. At most ${MAX_SEARCH} results (limit, default 20).`,
      inputSchema: {
        query: z.string().max(200).optional().describe("Words in the model id."),
        task: z.string().max(100).optional().describe("A task (pipeline tag), such as text-generation."),
        library: z.string().max(100).optional().describe("A library key, such as transformers."),
        provider: z.string().max(100).optional().describe("An inference provider, or `all` for any live one."),
        app: z.string().max(100).optional().describe("A local app that runs it, such as llama.cpp."),
        author: z.string().max(100).optional(),
        gguf: z.boolean().optional().describe("Only repositories with GGUF files."),
        params: z.string().max(40).optional().describe("Sizes, such as 7B..14B, ..3B, 70B.."),
        sort: z.enum(SORT_NAMES as [string, ...string[]]).optional(),
        limit: z.number().int().min(1).max(MAX_SEARCH).default(20),
      },
      outputSchema: { models: z.array(z.record(z.string(), z.unknown())) },
    },
    (args) =>
      guarded(async () => {
        const found = await searchModels(args, hub);
        return found.ok ? answer({ models: clean(found.value) }) : failure(found.problem);
      }),
  );

  server.registerTool(
    "describe_model",
    {
      title: "Describe a model",
      description:
        "What one model offers, as `hubref model ID` shows it: its inference providers (with their ids and status), the local apps that run it, its library's code, and its GGUF quants, each with the hubref command that prints its code. At most 100 quants.",
      inputSchema: { model: modelInput },
      outputSchema: { model: z.record(z.string(), z.unknown()) },
    },
    ({ model }) =>
      guarded(async () => {
        const data = await modelFrom(model, hub, true);
        if (!data.ok) return failure(data.problem);
        const offer = describeModel(data.value);
        if (!offer.ok) return failure(offer.problem);
        return answer({ model: clean({ ...offer.value, quants: offer.value.quants?.slice(0, 100) ?? null }) });
      }),
  );

  // The local run's settings, as the library's options and the command line's flags: one parser checks them all
  // (src/local/request.ts), so the schema only shapes them.
  const localInput = {
    fits: z.string().max(100).optional().describe("With library or app: the machine, a size (16GB) or hardware (RTX 4090); the quant that runs best there."),
    ram: z.string().max(20).optional().describe("With fits naming a GPU: the system memory beside it (32GB); 32 GB is assumed, and said, without it."),
    margin: z.string().max(20).optional().describe("With fits: memory kept free on each GPU (default 1GiB, as llama.cpp keeps)."),
    prefer: z.enum(PREFERENCES).optional().describe("With fits: quality (the largest that fits anywhere) or speed (the fastest of Q4_K_M's class)."),
    ctx: z
      .union([z.number().int().min(1), z.enum(["max", "fit"])])
      .optional()
      .describe("Tokens of context the commands run; max: the trained length; fit: the most that fits (with fits and quant)."),
    cacheType: z.enum(CACHE_TYPE_NAMES as [string, ...string[]]).optional(),
    cacheTypeK: z.enum(CACHE_TYPE_NAMES as [string, ...string[]]).optional(),
    cacheTypeV: z.enum(CACHE_TYPE_NAMES as [string, ...string[]]).optional(),
    flashAttention: z.enum(FLASH_ATTENTION).optional(),
  };
  type CacheName = (typeof CACHE_TYPE_NAMES)[number];
  const localOptions = (args: { [K in keyof typeof localInput]?: z.infer<(typeof localInput)[K]> }) => ({
    ...(args.fits === undefined ? {} : { fits: args.fits }),
    ...(args.ram === undefined ? {} : { ram: args.ram }),
    ...(args.margin === undefined ? {} : { margin: args.margin }),
    ...(args.prefer === undefined ? {} : { prefer: args.prefer }),
    ...(args.ctx === undefined ? {} : { ctx: args.ctx }),
    ...(args.cacheType === undefined ? {} : { cacheType: args.cacheType as CacheName }),
    ...(args.cacheTypeK === undefined ? {} : { cacheTypeK: args.cacheTypeK as CacheName }),
    ...(args.cacheTypeV === undefined ? {} : { cacheTypeV: args.cacheTypeV as CacheName }),
    ...(args.flashAttention === undefined ? {} : { flashAttention: args.flashAttention }),
  });

  server.registerTool(
    "get_snippet",
    {
      title: "Get code for a model",
      description: `Code that uses a model, as \`hubref snippet\` prints it, tested to run: calls to hosted inference (the default), the model's own library's code (library: true), or the commands of a local app (app). The code comes as it is; notes say what is worth knowing. ${PAGE_SIZE} blocks a page.`,
      inputSchema: {
        model: modelInput,
        language: z.enum(LANGUAGES as [string, ...string[]]).optional(),
        client: z.enum(CLIENTS as [string, ...string[]]).optional(),
        provider: z
          .enum([...PROVIDER_CHOICES, ...ROUTER_POLICIES] as unknown as [string, ...string[]])
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
        api: z.enum(CHAT_APIS).optional().describe("Chat models: chat completions (the default) or the Responses API."),
        reasoningEffort: z.enum(REASONING_EFFORTS).optional().describe("Chat models: the reasoning effort the request asks for."),
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
        const local = args.library === true || args.app !== undefined;
        const data = await modelFrom(args.model, hub, local && args.fits !== undefined);
        if (!data.ok) return failure(data.problem);
        const model = data.value;
        const files = {
          ...(args.quant === undefined ? {} : { quant: args.quant }),
          ...(args.file === undefined ? {} : { file: args.file }),
          ...localOptions(args),
          hub,
        };
        let result: Result<BlockOut[]>;
        if (args.app !== undefined) {
          const made = await localAppCommands(model, args.app, files);
          result = made.ok ? { ...made, value: blocksJson([made.value]) } : made;
        } else if (args.library === true) {
          const language = args.language as (typeof LIBRARY_LANGUAGES)[number] | undefined;
          if (language !== undefined && !LIBRARY_LANGUAGES.includes(language)) {
            return failure({ code: "invalid-input", kind: "other", message: `library code comes in ${LIBRARY_LANGUAGES.join(", ")}, not ${language}` });
          }
          const made = await libraryCode(model, { ...files, ...(language === undefined ? {} : { language }) });
          result = made.ok ? { ...made, value: blocksJson(made.value) } : made;
        } else {
          const tools = toolOptions(args.tools, args.schema);
          if (!tools.ok) return failure(tools.problem);
          const policy = (ROUTER_POLICIES as readonly string[]).includes(args.provider ?? "") ? (args.provider as RouterPolicy) : undefined;
          // tools and schema need a provider that has them: checked against the router's list, as the command line does.
          const needsRouter = tools.value.tools !== undefined || tools.value.schema !== undefined;
          const made = inferenceSnippets(model, {
            ...tools.value,
            ...(needsRouter ? { router: await getRouterFacts(hub) } : {}),
            ...(args.language === undefined ? {} : { language: args.language as never }),
            ...(args.client === undefined ? {} : { client: args.client as never }),
            ...(args.provider === undefined ? {} : policy === undefined ? { provider: args.provider as never } : { routerPolicy: policy }),
            ...(args.inputs === undefined ? {} : { inputs: args.inputs }),
            ...(args.stream === undefined ? {} : { stream: args.stream }),
            ...(args.api === undefined || args.api === "chat" ? {} : { api: args.api }),
            ...(args.reasoningEffort === undefined ? {} : { reasoningEffort: args.reasoningEffort }),
          });
          result = made.ok ? { ...made, value: blocksJson(made.value) } : made;
        }
        if (!result.ok) return failure(result.problem);
        const { items, ...where } = page(result.value, args.page);
        // The code as generated; what describes it is hub text.
        const blocks = items.map(({ content, ...about }) => ({ ...clean(about), content }));
        return answer({ blocks, notes: result.notes.map(terminalLine), warnings: result.warnings.map(terminalLine), ...where });
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
              ...(args.ctx === undefined ? {} : { ctx: args.ctx }),
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
      outputSchema: { tasks: z.array(z.record(z.string(), z.unknown())), ...pageOutput },
    },
    ({ page: number }) =>
      guarded(async () => {
        const all = tasks().map((task) => ({ id: task.id, label: task.label, libraries: task.libraries }));
        const { items, ...where } = page(all, number);
        return answer({ tasks: items, ...where });
      }),
  );

  server.registerTool(
    "list_hardware",
    {
      title: "List hardware",
      description: `The hardware plan_local_run and fits name: GPUs, CPUs and Apple chips with their memory sizes (GB). Filter by words in the name. ${PAGE_SIZE} a page.`,
      inputSchema: { query: z.string().max(100).optional(), page: pageInput },
      outputSchema: { hardware: z.array(z.record(z.string(), z.unknown())), ...pageOutput },
    },
    ({ query, page: number }) =>
      guarded(async () => {
        const words = (query ?? "").toLowerCase().split(/\s+/).filter(Boolean);
        const all = hardware()
          .filter((device) => words.every((word) => device.name.toLowerCase().includes(word)))
          .map(({ name, kind, vendor, memoryGB }) => ({ name, kind, vendor, ...(memoryGB === undefined ? {} : { memoryGB }) }));
        const { items, ...where } = page(all, number);
        return answer({ hardware: items, ...where });
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
