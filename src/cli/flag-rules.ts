import type { Command } from "commander";
import { usageError } from "../errors.js";
import { matchChoice } from "../choices/choices.js";
import { LIBRARY_LANGUAGES } from "../format/languages.js";
import { PROVIDER_CHOICES, languagesOfClient } from "../inference/id-lists.js";
import { clientNamed, languageNamed } from "../inference/values.js";
import { responsesClientList, speaksResponses } from "../inference/responses.js";
import { settingsAbout } from "../local/settings.js";
import { isServeEngine } from "../serve/engines.js";
import { FLAG_NAMES } from "../words/cli-names.js";
import type { SnippetCommandOptions } from "./snippet-options.js";

/*
 * Which flags go together, for every command, in one table (COMMAND_RULES):
 * a parse function asks it before it reads any value, so a combination is
 * refused the same way whichever command it is given to. The flags several
 * commands take are declared once here (SHARED_OPTIONS), with the rules that
 * come with them (CACHE_RULE).
 */

export { FLAG_NAMES };

export type Flag = keyof typeof FLAG_NAMES;

/** A shared flag: its value's placeholder (none: a switch), what it means, and its value when not given. */
interface SharedSpec {
  value?: string;
  /** A short form, and the long name it stands for where FLAG_NAMES writes the short one. */
  short?: string;
  long?: string;
  description: string;
  off: false | undefined;
}

/**
 * The flags shared by several commands: spelled, defaulted and described once. A command may say what the flag
 * goes with (`scope`) and what it means there before the shared text (`lead`), or replace the text (`description`).
 */
export const SHARED_OPTIONS = {
  json: { description: "print JSON", off: false },
  offline: { description: "use only the cached hub metadata, never the network", off: false },
  refresh: { description: "fetch the hub metadata again, ignoring the cache", off: false },
  interactive: { short: "-i", long: "--interactive", description: "(needs a terminal)", off: undefined },
  // Each command says what more it says.
  verbose: { description: "say more", off: undefined },
  for: { value: "<model>", description: "a hub id, a metadata file, or -", off: undefined },
  fits: { value: "<memory>", description: 'a size (16GB), hardware ("RTX 4090", "M3 Max:64", 2x3090) or auto', off: undefined },
  ram: {
    value: "<size>",
    description: "with --fits naming a GPU: the system memory beside it (32GB); default: found with auto, else 32 GB assumed and said",
    off: undefined,
  },
  margin: { value: "<size>", description: "with --fits: the memory kept free on each GPU (default 1GiB, as llama.cpp's --fit-target)", off: undefined },
  prefer: {
    value: "<what>",
    description:
      "with --fits: quality (the largest quant that fits anywhere) or speed (the fastest of Q4_K_M's class); default: Q4_K_M's class, the largest that runs on the GPU",
    off: undefined,
  },
  ctx: {
    value: "<tokens>",
    description:
      "tokens (32768, 32k), max (the trained length) or fit (the largest that fits, with --fits and one quant); default with --fits: the trained length, at most 8192",
    off: undefined,
  },
  cacheType: { value: "<type>", description: "the K and V cache type, f16 (default), q8_0 or q4_0", off: undefined },
  cacheTypeK: { value: "<type>", description: "the K cache type alone, f16 (default), q8_0 or q4_0", off: undefined },
  cacheTypeV: { value: "<type>", description: "the V cache type alone (a quantized one needs flash attention)", off: undefined },
  flashAttn: { value: "<mode>", description: "flash attention on, off or auto (default: auto, on where the GPU has it)", off: undefined },
} as const satisfies Partial<Record<Flag, SharedSpec>>;

export type SharedOption = keyof typeof SHARED_OPTIONS;

interface SharedText {
  scope?: string;
  lead?: string;
  description?: string;
}

/** Adds a shared flag to `command`, as every command that takes it spells and defaults it. */
export function sharedOption(command: Command, flag: SharedOption, { scope, lead = "", description }: SharedText = {}): Command {
  const option: SharedSpec = SHARED_OPTIONS[flag];
  const text = description ?? `${lead}${option.description}`;
  const name = option.short === undefined ? FLAG_NAMES[flag] : `${option.short}, ${option.long}`;
  const spec = option.value === undefined ? name : `${name} ${option.value}`;
  return command.option(spec, scope === undefined ? text : `${scope}: ${text}`, option.off);
}

/**
 * The flags of a local run (the machine, then how it runs), in the table's order (src/local/settings.ts), each as
 * SHARED_OPTIONS spells it: `scope` says what the run settings go with, `fits` and `ctx` what they mean here (`ctxScope`: a context that goes with more than the rest).
 */
export function runSettingOptions(command: Command, scope: string, texts: { fits: SharedText; ctx: string; ctxScope?: string }): Command {
  for (const key of [...settingsAbout("machine"), ...settingsAbout("run")]) {
    if (key === "fits") sharedOption(command, key, texts.fits);
    else if (key === "ctx") sharedOption(command, key, { scope: texts.ctxScope ?? scope, lead: texts.ctx });
    else if (key === "ram" || key === "margin" || key === "prefer") sharedOption(command, key);
    else sharedOption(command, key, { scope });
  }
  return command;
}

/** The cache flags, as every command that reads hub metadata takes them. */
export function cacheOptions(command: Command, scope?: string): Command {
  sharedOption(command, "offline", scope === undefined ? {} : { scope });
  return sharedOption(command, "refresh", scope === undefined ? {} : { scope });
}

/** A fix to suggest; a function of the command's positional argument where the fix names it. */
type Hint = string | ((argument: string) => string);

export type FlagRule<F extends Flag = Flag> =
  /** The flags of `when`, all given, ignore the flags they refuse: giving those is an error rather than a silent no-op. */
  | { when: readonly F[]; refuses: readonly F[]; message: (names: string, count: number) => string; hint?: Hint }
  /** Any of `flags` means something only with one of `needs`. */
  | { flags: readonly F[]; needs: readonly F[]; message: string; hint?: Hint }
  /** At most one of `oneOf`. */
  | { oneOf: readonly F[]; message: (names: string) => string; hint?: Hint }
  /** All of `together`, or none. */
  | { together: readonly F[]; message: string; hint?: Hint }
  /** `valued` given a value that `is` picks out refuses the flags of `refuses`: what the value means leaves them nothing to do. */
  | { valued: F; is: (value: string) => boolean; refuses: readonly F[]; message: (value: string, names: string) => string; hint?: Hint };

/** --offline and --refresh ask opposite things of the cache: refused by every command that takes both. */
export const CACHE_RULE = {
  when: ["offline"],
  refuses: ["refresh"],
  message: () => "--offline and --refresh contradict each other",
  hint: "use one of them",
} as const satisfies FlagRule<"offline" | "refresh">;

/** A filter of a listing command narrows the list; it says nothing about the one entry a key names. */
function filtersRule<F extends Flag>(filters: readonly F[], message: string, hint: (argument: string) => string): FlagRule<F | "entry"> {
  return { when: ["entry"], refuses: filters, message: () => message, hint };
}

type SnippetFlag = keyof SnippetCommandOptions;

/** The Responses API's flags (`api` counts as given only when it is not the default, chat). */
const RESPONSES_FLAGS = ["api", "reasoningEffort"] as const satisfies readonly SnippetFlag[];

/** Flags that shape a hosted inference call and nothing else. */
export const INFERENCE_FLAGS = [
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
  // tool calls and structured output
  "tools",
  "schema",
  ...RESPONSES_FLAGS,
] as const satisfies readonly SnippetFlag[];

/** Flags that choose the GGUF file a local app loads (--fits chooses it when neither of the others names one). */
const FILE_FLAGS = [...settingsAbout("file"), "fits"] as const satisfies readonly SnippetFlag[];

/** Flags that set how the model runs: --fits's plan is made with them, and the command carries them. */
const RUN_FLAGS = settingsAbout("run") satisfies readonly SnippetFlag[];

/** A server's memory settings (vLLM, SGLang), for safetensors weights. */
const SERVE_FLAGS = ["kvCacheDtype", "gpuMemoryUtilization"] as const satisfies readonly SnippetFlag[];

/** Flags about the machine --fits names, and how its file is chosen: each means something only with --fits. */
const MACHINE_FLAGS = settingsAbout("machine").filter((flag): flag is Exclude<typeof flag, "fits"> => flag !== "fits") satisfies readonly SnippetFlag[];

/** --ram, --margin and --prefer describe the machine of --fits: refused without it, by every command that takes them. */
const MACHINE_RULE = {
  flags: MACHINE_FLAGS,
  needs: ["fits"],
  message: "--ram, --margin and --prefer go with --fits, the machine they are about",
  hint: 'for example: --fits "RTX 3060:12" --ram 32GB',
} as const satisfies FlagRule<"ram" | "margin" | "prefer" | "fits">;

/** --prefer chooses the file; --quant and --file name it: one way or the other. */
const PREFER_RULE = {
  when: ["prefer"],
  refuses: ["quant", "file"],
  message: (names: string) => `--prefer chooses the file, which ${names} names already`,
  hint: "give one of them",
} as const satisfies FlagRule<"prefer" | "quant" | "file">;

/** --cache-type sets both caches; the K and V flags set one each: one way or the other, refused by every command that takes them. */
const CACHE_TYPE_RULE = {
  when: ["cacheType"],
  refuses: ["cacheTypeK", "cacheTypeV"],
  message: (names: string) => `--cache-type sets the K and V caches both, which ${names} would set again`,
  hint: "give --cache-type alone, or --cache-type-k and --cache-type-v",
} as const satisfies FlagRule<"cacheType" | "cacheTypeK" | "cacheTypeV">;

/** The provider a --provider value names among those hubref has a table for (a router policy or another name: undefined). */
const providerOf = (value: string) => matchChoice(value.trim(), PROVIDER_CHOICES);

/** The refusals that depend on a flag's value, not only on which flags are given. */
const VALUE_RULES = [
  {
    valued: "app",
    is: (app: string) => app.trim().toLowerCase() === "mlx-lm",
    refuses: SERVE_FLAGS,
    message: () => "MLX LM has no --kv-cache-dtype or --gpu-memory-utilization",
    hint: "leave them out with --app mlx-lm",
  },
  {
    valued: "app",
    is: (app: string) => !isServeEngine(app.trim().toLowerCase()),
    refuses: SERVE_FLAGS,
    message: () => "--kv-cache-dtype and --gpu-memory-utilization set a server's memory for safetensors weights",
    hint: "use them with --app vllm or --app sglang",
  },
  {
    valued: "language",
    is: (value: string) => languageNamed(value) !== undefined && languageNamed(value) !== "sh",
    refuses: ["app"],
    message: (value: string) => `--app prints shell commands, not ${languageNamed(value)}`,
    hint: "leave out --language with --app",
  },
  {
    valued: "language",
    is: (value: string) => {
      const language = languageNamed(value);
      return language !== undefined && !(LIBRARY_LANGUAGES as readonly string[]).includes(language);
    },
    refuses: ["library"],
    message: (value: string) =>
      `--library prints usage code in ${LIBRARY_LANGUAGES.slice(0, -1).join(", ")} and ${LIBRARY_LANGUAGES.at(-1)}, not ${languageNamed(value)}`,
    hint: (_argument: string) => "leave out --library for inference snippets in that language",
  },
  {
    valued: "provider",
    is: (value: string) => {
      const provider = providerOf(value);
      return provider !== undefined && provider !== "auto" && provider !== "hf-inference";
    },
    refuses: ["endpointUrl"],
    message: (value: string) => `--endpoint-url calls your own endpoint, not ${providerOf(value)}: leave out --provider`,
  },
  {
    valued: "client",
    is: (value: string) => {
      const client = clientNamed(value);
      return client !== undefined && !languagesOfClient(client).some((language) => speaksResponses(language, client));
    },
    refuses: ["api"],
    message: (value: string) => `${clientNamed(value)} does not speak the Responses API`,
    hint: () => `use one of: ${responsesClientList()}`,
  },
] as const satisfies readonly FlagRule<SnippetFlag>[];

/** "… which --client, --stream do not apply to". */
const notApplying = (does: string) => (names: string, count: number) => `${does} ${names} do${count === 1 ? "es" : ""} not apply to`;

/**
 * Every refused combination of every command, in one table. The first rule of
 * a command that matches gives the error, so a command's own rules come before
 * the shared ones, as they name the flag that changes what it does.
 */
export const COMMAND_RULES = {
  snippet: [
    ...VALUE_RULES,
    {
      when: ["library"],
      refuses: [...INFERENCE_FLAGS, "app"],
      message: notApplying("--library prints the library's usage code, which"),
      hint: "leave out --library for inference API snippets",
    },
    {
      when: ["app"],
      refuses: [...INFERENCE_FLAGS],
      message: notApplying("--app prints commands that run the model locally, which"),
      hint: "leave out --app for inference API snippets",
    },
    {
      when: ["interactive"],
      refuses: ["json", "file", "verbose", ...SERVE_FLAGS],
      message: notApplying("-i opens the picker, which"),
      hint: "the picker prints no JSON and picks a GGUF file by quant (--quant, or --fits with --app): leave out -i to print",
    },
    {
      // The picker's library code loads the default GGUF file; only its local runs choose one.
      when: ["interactive", "library"],
      refuses: ["quant", "fits", ...MACHINE_FLAGS, ...RUN_FLAGS],
      message: (names: string) => `-i with --library shows the library code with the default file and settings: ${names} go with --app there`,
    },
    // Before the rule below: naming both ways of setting the cache (or of picking the file) is the mistake to point out, with or without --app.
    CACHE_TYPE_RULE,
    PREFER_RULE,
    {
      flags: [...FILE_FLAGS, ...RUN_FLAGS],
      needs: ["app", "library"],
      message: "--quant, --file, --fits, --ctx and the cache and flash-attention settings go with --app or --library",
      hint: "for example: --app llama.cpp --quant Q4_K_M --ctx 32k",
    },
    MACHINE_RULE,
    { oneOf: ["quant", "file"], message: (names: string) => `${names} each pick the file: give one` },
    {
      flags: [...SERVE_FLAGS],
      needs: ["app"],
      message: "--kv-cache-dtype and --gpu-memory-utilization set a server's memory: they go with --app vllm or --app sglang",
      hint: 'for example: --app vllm --fits "RTX 4090" --kv-cache-dtype fp8',
    },
    {
      when: ["endpointUrl"],
      refuses: ["direct"],
      message: () => "--endpoint-url and --direct do not go together: an endpoint is always called directly",
      hint: "leave out --direct",
    },
    { when: ["billTo"], refuses: ["direct"], message: () => "--bill-to bills a hub organisation, which --direct calls bypass" },
    // The Responses API: the router serves it for every provider, and OpenAI-compatible servers (vLLM and others)
    // at /v1/responses; no provider's own route is one hubref knows to take it.
    {
      when: ["api"],
      refuses: ["direct"],
      message: notApplying("--api responses goes through the hub router (or your own server, with --endpoint-url), which"),
      hint: "leave out --direct, or use --api chat for a direct call to the provider",
    },
    // After the two rules above: its hint would lead straight into them. --provider auto counts as not given.
    {
      flags: ["direct"],
      needs: ["provider"],
      message: "--direct calls one provider: name it with --provider",
      hint: "for example: --provider together --direct",
    },
    CACHE_RULE,
  ],
  tasks: [
    filtersRule(
      ["modality", "library"],
      "--modality and --library filter the list; they do not go with a task id",
      (id) => `run \`hubref tasks ${id}\` alone, or \`hubref tasks --modality ...\``,
    ),
  ],
  libraries: [
    filtersRule(
      ["filterable", "withSnippets"],
      "--filterable and --with-snippets filter the list; they do not go with a library key",
      (key) => `run \`hubref libraries ${key}\` alone, or \`hubref libraries --with-snippets\``,
    ),
  ],
  apps: [
    filtersRule(["for"], "--for filters the list; it does not go with an app key", (key) => `run \`hubref apps ${key}\` alone, or \`hubref apps --for MODEL\``),
    { flags: ["offline", "refresh"], needs: ["for"], message: "--offline and --refresh go with --for" },
    CACHE_RULE,
  ],
  "quant-types": [
    { oneOf: ["tensorTypes", "parse", "nearest", "for"], message: () => "--tensor-types, --parse, --nearest and --for go one at a time" },
    {
      flags: ["fits", ...MACHINE_FLAGS, ...RUN_FLAGS],
      needs: ["for"],
      message: "--fits, --ram, --margin, --prefer, --ctx and the cache and flash-attention settings go with --for",
      hint: "for example: --for bartowski/Llama-3.2-3B-Instruct-GGUF --fits 8GB",
    },
    MACHINE_RULE,
    // Every command that takes a hub id takes the cache flags; here only --for does.
    { flags: ["offline", "refresh"], needs: ["for"], message: "--offline and --refresh go with --for" },
    CACHE_TYPE_RULE,
    CACHE_RULE,
    { together: ["nearest", "available"], message: "--nearest and --available go together", hint: "for example: --nearest Q4_K_M --available Q8_0,Q3_K_M" },
  ],
  models: [
    // `interactive` stands for the browser, asked for with -i or opened at a terminal that named no filter.
    { when: ["interactive"], refuses: ["json"], message: () => "--json prints the results; the browser (-i) shows them", hint: "leave out one of them" },
    {
      flags: ["offline"],
      needs: ["interactive", "fits"],
      message: "--offline goes with -i or --fits: a search needs the hub",
      hint: "leave out --offline, add -i to browse the catalogue's models, or --fits to answer a search made before from the cache",
    },
    // models --fits: what fits, with a plan per model.
    {
      flags: [...RUN_FLAGS, "verbose", ...MACHINE_FLAGS],
      needs: ["fits"],
      message: "--ctx, the cache and flash-attention settings, --ram, --margin, --prefer and --verbose go with --fits",
      hint: 'for example: hubref models --fits "RTX 4090" --ctx 32768',
    },
    { flags: ["refresh"], needs: ["fits"], message: "--refresh goes with --fits" },
    CACHE_TYPE_RULE,
    CACHE_RULE,
  ],
  // model --fits: each GGUF quant's fit; --ctx and the cache settings alone judge against this machine (auto).
  model: [MACHINE_RULE, CACHE_TYPE_RULE, CACHE_RULE],
} as const satisfies Record<string, readonly FlagRule[]>;

export type CommandName = keyof typeof COMMAND_RULES;

/** The flags a command's rules name. */
export type RuleFlag<C extends CommandName> = (typeof COMMAND_RULES)[C][number] extends infer R
  ? R extends { when: readonly (infer A)[]; refuses: readonly (infer B)[] }
    ? A | B
    : R extends { flags: readonly (infer A)[]; needs: readonly (infer B)[] }
      ? A | B
      : R extends { oneOf: readonly (infer A)[] }
        ? A
        : R extends { together: readonly (infer A)[] }
          ? A
          : R extends { valued: infer A; refuses: readonly (infer B)[] }
            ? A | B
            : never
  : never;

const names = (flags: readonly Flag[]) => flags.map((flag) => FLAG_NAMES[flag]);

/** The value a flag was given as text, for the rules that read it; undefined where it was not given. */
export type FlagValue = (flag: Flag) => string | undefined;

/**
 * The usage error of the first rule `given` breaks, if any; `argument` is the command's positional argument, for
 * hints; `valueGiven` the values, for the rules that read them (none: those rules never match).
 */
export function ruleBroken(
  rules: readonly FlagRule[],
  given: (flag: Flag) => boolean,
  argument = "",
  valueGiven: FlagValue = () => undefined,
): { message: string; hint?: string } | undefined {
  for (const rule of rules) {
    const broken = (message: string) => {
      const hint = typeof rule.hint === "function" ? rule.hint(argument) : rule.hint;
      return { message, ...(hint !== undefined && { hint }) };
    };
    if ("valued" in rule) {
      const value = given(rule.valued) ? valueGiven(rule.valued) : undefined;
      if (value === undefined || !rule.is(value)) continue;
      const clashing = rule.refuses.filter(given);
      if (clashing.length > 0) return broken(rule.message(value, names(clashing).join(", ")));
    } else if ("refuses" in rule) {
      if (!rule.when.every(given)) continue;
      const clashing = rule.refuses.filter(given);
      if (clashing.length > 0) return broken(rule.message(names(clashing).join(", "), clashing.length));
    } else if ("needs" in rule) {
      if (rule.flags.some(given) && !rule.needs.some(given)) return broken(rule.message);
    } else if ("oneOf" in rule) {
      const chosen = rule.oneOf.filter(given);
      if (chosen.length > 1) return broken(rule.message(names(chosen).join(" and ")));
    } else {
      const present = rule.together.filter(given).length;
      if (present > 0 && present < rule.together.length) return broken(rule.message);
    }
  }
  return undefined;
}

/** Refuses the flags `command` was given, when they break one of its rules (exit 2). */
export function checkFlags<C extends CommandName>(command: C, given: (flag: RuleFlag<C>) => boolean, argument?: string, valueGiven?: FlagValue): void {
  const problem = ruleBroken(COMMAND_RULES[command], given as (flag: Flag) => boolean, argument, valueGiven);
  if (problem) throw usageError(problem.message, problem.hint);
}

/** A flag commander handed over: given unless it is absent or false (a default false is not given). */
export function givenValue(value: unknown): boolean {
  return value !== undefined && value !== false;
}
