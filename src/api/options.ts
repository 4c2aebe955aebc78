import { z } from "zod";
import { LANGUAGES, LIBRARY_LANGUAGES, type LibraryLanguage } from "../format/languages.js";
import { CLIENTS, PROVIDER_CHOICES } from "../inference/id-lists.js";
import type { SnippetOptions } from "../inference/snippet.js";
import { FunctionToolSchema } from "../inference/tool-schema.js";
import { CHAT_APIS, REASONING_EFFORTS, ROUTER_POLICIES } from "../inference/responses.js";
import { Failure } from "../outcome/problems.js";
import { closestMatch } from "../util/suggest.js";
import { libraryLocalShape } from "../local/settings-schema.js";

/*
 * The library's options as zod schemas, checked where a call enters: a
 * JavaScript caller has no compiler to hold it to the types, so a wrong key,
 * a wrong type or a value of no list is a failure value naming the option,
 * never a throw from deep inside. The option types of the functions are these
 * schemas' (FileOptions, MemoryPlanOptions, FitsSearchOptions, SearchFilters,
 * HubOptions); SnippetOptions is the engine's own type, and its schema is held
 * to it by the compiler.
 */

const hubSettings = z.strictObject({
  headersTimeoutMs: z.number().positive().optional(),
  bodyTimeoutMs: z.number().positive().optional(),
  maxBodyBytes: z.number().positive().optional(),
  retries: z.number().int().min(0).optional(),
  backoffBaseMs: z.number().min(0).optional(),
  backoffMaxMs: z.number().min(0).optional(),
  retryAfterMaxMs: z.number().min(0).optional(),
  random: z.custom<() => number>((value) => typeof value === "function", "a function").optional(),
  now: z.custom<() => number>((value) => typeof value === "function", "a function").optional(),
  sleep: z.custom<(ms: number) => Promise<void>>((value) => typeof value === "function", "a function").optional(),
});

export const HUB_OPTIONS_SCHEMA = z.strictObject({
  /** The hub's base URL; the public hub when absent. */
  endpoint: z.string().optional(),
  token: z.string().optional(),
  /** Sends every request; the global fetch when absent. */
  fetch: z.custom<typeof globalThis.fetch>((value) => typeof value === "function", "a function").optional(),
  /** A folder to cache metadata and headers in (the command line uses ~/.cache/hubref); no cache when absent. */
  cacheDir: z.string().optional(),
  /** Answer from the cache only (needs `cacheDir`). */
  offline: z.boolean().optional(),
  /** Ask the hub again whatever the cache holds (the new answers are kept). */
  refresh: z.boolean().optional(),
  /** Deadlines and retries: `headersTimeoutMs`, `bodyTimeoutMs`, `retries`, … */
  settings: hubSettings.optional(),
  /** The router's base URL (its model list); the public router when absent, and none when `endpoint` names another hub. */
  router: z.string().optional(),
});

/** Where the hub is and how it is asked: every function that reads the hub takes it. */
export type HubOptions = z.infer<typeof HUB_OPTIONS_SCHEMA>;

/**
 * The file, the machine and the run, as RUN_SETTINGS (src/local/settings.ts) lists them: `quant` (a label such as
 * Q4_K_M) or `file`; `fits` (a size, `16GB`, or hardware by name, `RTX 4090`, `2x3090`, `M3 Max:64`: the file is chosen
 * for it and planned on it, from the model's GGUF header), `ram` (beside a GPU named; 32 GB assumed, and said, when
 * absent), `margin` (kept free on each GPU; 1 GiB when absent), `prefer` (`quality` or `speed`); `ctx` (tokens, `max`
 * or, with `fits` and a file named, `fit`), `cacheType` (or `cacheTypeK` and `cacheTypeV`; f16 when absent),
 * `flashAttention`; and `hub`, where the header is read (the hub the model came from, getModel's, when absent).
 */
export const FILE_OPTIONS_SCHEMA = z.strictObject({
  ...libraryLocalShape("file", "machine", "run"),
  hub: HUB_OPTIONS_SCHEMA.optional(),
});

/**
 * Which GGUF file, for code that loads one, and how it runs: by quant label, by file name, or the one that runs best
 * on a machine; the options are the command line's flags (`--fits`, `--ram`, `--ctx`, ...), read by the same parser.
 */
export type FileOptions = z.infer<typeof FILE_OPTIONS_SCHEMA>;

export const LIBRARY_CODE_OPTIONS_SCHEMA = FILE_OPTIONS_SCHEMA.extend({
  /** The language of the usage code; every language the library writes when absent. */
  language: z.enum(LIBRARY_LANGUAGES as [LibraryLanguage, ...LibraryLanguage[]]).optional(),
});

export const FITS_SEARCH_OPTIONS_SCHEMA = FILE_OPTIONS_SCHEMA.omit({ quant: true, file: true, hub: true }).extend({
  /** The machine: a size (`16GB`) or hardware by name (`RTX 4090`, `2x3090`, `M3 Max:64`). */
  fits: z.string(),
});

/** `fits` and the run each plan is made for, as `hubref models --fits` takes them. */
export type FitsSearchOptions = z.infer<typeof FITS_SEARCH_OPTIONS_SCHEMA>;

const weights = z.strictObject({
  /** The quant's label and files (all shards), as the plan's command names them. */
  quant: z.string().optional(),
  files: z.array(z.string()).readonly(),
  /** Bytes of the files, with the projector's. */
  bytes: z.number().nonnegative(),
  projector: z.number().nonnegative().optional(),
  /** Size of the file whose header was read, when the header is this quant's: the tensor infos are checked against it. */
  headerFileSize: z.number().nonnegative().optional(),
});

const budget = z.strictObject({
  gpus: z.array(z.number().nonnegative()).readonly(),
  system: z.number().nonnegative().optional(),
  deviceUnknown: z.boolean().optional(),
});

export const MEMORY_PLAN_OPTIONS_SCHEMA = z.strictObject({
  /** The quant's files and their bytes (the projector's too, for a vision model). */
  weights,
  /** Memory per device (what the plan may fill), or a size or hardware by name as `fits` takes it (its margins kept). */
  budget: z.union([budget, z.string()]),
  /** With a budget by name: its `ram` and `margin`, as `localAppCommands` takes them. */
  ram: FILE_OPTIONS_SCHEMA.shape.ram,
  margin: FILE_OPTIONS_SCHEMA.shape.margin,
  /** `ctx`: tokens, `max` (the trained length) or `fit` (the most that fits); the trained length capped at 8,192 when absent. */
  ...libraryLocalShape("run"),
});

export type MemoryPlanOptions = z.infer<typeof MEMORY_PLAN_OPTIONS_SCHEMA>;

export const SERVE_PLAN_OPTIONS_SCHEMA = z.strictObject({
  /** `vllm` (default), `sglang` or `mlx-lm`: checked by the server's own parser, in its words. */
  engine: z.string().optional(),
  /** A size (`24GB`) or hardware by name (`RTX 4090`, `2x H100`, `M3 Max:64`). */
  fits: FILE_OPTIONS_SCHEMA.shape.fits.unwrap(),
  /** Tokens, `fit` (the largest that fits, the default) or `max` (the trained length). */
  ctx: FILE_OPTIONS_SCHEMA.shape.ctx,
  /** vLLM's and SGLang's KV cache dtype: auto, fp8, fp8_e4m3, fp8_e5m2, bfloat16, float16. */
  kvCacheDtype: z.string().optional(),
  /** vLLM's share of each GPU (SGLang's --mem-fraction-static), above 0 and at most 1. */
  gpuMemoryUtilization: z.number().optional(),
});

/** What a server's plan is asked: the options of `hubref snippet MODEL --app vllm --fits HARDWARE`, by the same names. */
export type ServePlanOptions = z.infer<typeof SERVE_PLAN_OPTIONS_SCHEMA>;

const filterText = z.string().optional();

export const SEARCH_FILTERS_SCHEMA = z.strictObject({
  query: filterText,
  task: filterText,
  library: filterText,
  provider: filterText,
  app: filterText,
  author: filterText,
  gguf: z.boolean().optional(),
  /** Parameter counts MIN..MAX, such as `7B..14B`. */
  params: filterText,
  sort: filterText,
  limit: z.union([z.number(), z.string()]).optional(),
});

/** The filters of `hubref models`, as values: `task`, `library`, `provider`, `app`, `author`, `gguf`, `params` ("7B..14B"), `sort`, `limit`. */
export type SearchFilters = z.infer<typeof SEARCH_FILTERS_SCHEMA>;

const toolSet = z.strictObject({ tools: z.array(FunctionToolSchema).readonly(), sample: z.boolean() });
const schemaRequest = z.strictObject({ schema: z.record(z.string(), z.unknown()), sample: z.boolean() });
const routerFacts = z.union([z.object({ models: z.unknown() }), z.object({ unavailable: z.unknown() })]);

export const SNIPPET_OPTIONS_SCHEMA = z.strictObject({
  language: z.enum(LANGUAGES).optional(),
  client: z.enum(CLIENTS).optional(),
  provider: z.enum(PROVIDER_CHOICES).optional(),
  stream: z.boolean().optional(),
  billTo: z.string().optional(),
  token: z.string().optional(),
  direct: z.boolean().optional(),
  endpointUrl: z.string().optional(),
  providerModelId: z.string().optional(),
  inputs: z.string().optional(),
  images: z.array(z.string()).readonly().optional(),
  temperature: z.number().optional(),
  maxTokens: z.number().optional(),
  topP: z.number().optional(),
  tools: toolSet.optional(),
  schema: schemaRequest.optional(),
  api: z.enum(CHAT_APIS).optional(),
  reasoningEffort: z.enum(REASONING_EFFORTS).optional(),
  routerPolicy: z.enum(ROUTER_POLICIES).optional(),
  unlistedProvider: z.string().optional(),
  router: routerFacts.optional(),
});

// The engine's type and the schema say the same options: a key one has and the other lacks fails the type-check.
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : never;
const _snippetOptionsAgree: SameKeys<SnippetOptions, z.infer<typeof SNIPPET_OPTIONS_SCHEMA>> = true;
void _snippetOptionsAgree;

/** What the option takes, for a message: the values of a list, a type, or zod's own words. */
function expectation(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_value") return `one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`;
  if (issue.code === "invalid_type") return issue.expected === "object" ? "an object" : issue.expected === "array" ? "an array" : `a ${issue.expected}`;
  if (issue.code === "invalid_union") {
    const inner = issue.errors.flat();
    const kinds = [...new Set(inner.map((each) => expectation(each)))];
    return kinds.join(" or ");
  }
  return issue.message;
}

/** A value as a message shows it: short, and never its whole content. */
function shown(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "function") return "a function";
  if (typeof value === "object") return "an object";
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) value = value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

/** The keys an object schema takes at `path`, for a suggestion. */
function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: z.ZodType | undefined = schema;
  for (const key of path) {
    while (current instanceof z.ZodOptional) current = current.unwrap() as z.ZodType;
    current = current instanceof z.ZodObject ? (current.shape[key as string] as z.ZodType | undefined) : undefined;
  }
  while (current instanceof z.ZodOptional) current = current.unwrap() as z.ZodType;
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

const pathText = (path: readonly PropertyKey[]) => path.map(String).join(".");

/**
 * `value` as `schema` takes it, or the failure naming the first option that is wrong: `call` is the function and
 * argument (`inferenceSnippets() options`), `prefix` the option's place in it.
 */
export function checkOptions<S extends z.ZodType>(schema: S, value: unknown, call: string, prefix = ""): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const more = parsed.error.issues.length - 1;
  const at = (path: readonly PropertyKey[]) => `${prefix}${pathText(path)}`;
  if (issue.code === "unrecognized_keys") {
    const option = issue.keys[0]!;
    const known = keysAt(schema, issue.path);
    const closest = closestMatch(option, known);
    throw new Failure({
      kind: "option-unknown",
      call,
      option: at([...issue.path, option]),
      known: known.map((key) => at([...issue.path, key])),
      more,
      ...(closest === undefined ? {} : { closest: at([...issue.path, closest]) }),
    });
  }
  if (issue.path.length === 0)
    throw new Failure({
      kind: "option-invalid",
      call,
      option: prefix.replace(/\.$/, "") || "options",
      expected: expectation(issue),
      given: shown(value),
      more,
    });
  // tools and schema are made from plain JSON by toolOptions(), which checks them as the command line checks its files.
  const made = schema === (SNIPPET_OPTIONS_SCHEMA as z.ZodType) && (issue.path[0] === "tools" || issue.path[0] === "schema") ? { madeBy: "toolOptions()" } : {};
  throw new Failure({
    kind: "option-invalid",
    call,
    option: at(issue.path),
    expected: expectation(issue),
    given: shown(valueAt(value, issue.path)),
    more,
    ...made,
  });
}

const MODEL_SCHEMA = z.looseObject({ id: z.string().min(1) });

/** Model metadata as the functions read it: an object with the model's id at least (the rest is the engine's to judge). */
export function checkModel(model: unknown, call: string): void {
  checkOptions(MODEL_SCHEMA, model, call, "model.");
}

/** One argument that is not an options object: a string, a flag. */
export function checkArgument<S extends z.ZodType>(schema: S, value: unknown, call: string, name: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new Failure({ kind: "option-invalid", call, option: name, expected: expectation(parsed.error.issues[0]!), given: shown(value), more: 0 });
}

export const HEADER_SCHEMA = z.union([z.instanceof(Uint8Array), z.looseObject({})]);
