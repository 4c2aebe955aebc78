import { existsSync, statSync } from "node:fs";
import type { Command, Option } from "commander";
import { APP_KINDS } from "../apps/app-keys.js";
import { ggufRepo } from "../apps/gguf-files.js";
import { LANGUAGE_ALIASES } from "../format/languages.js";
import { deviceSpellings, hardwareCatalogue } from "../hardware/catalogue.js";
import { CLIENTS, CLIENTS_BY_LANGUAGE, LANGUAGES, PROVIDER_CHOICES, PROVIDER_IDS } from "../inference/id-lists.js";
import { readModelFile } from "../model/read-model.js";
import { quantCatalogue } from "../quant/catalogue.js";
import { SORT_NAMES } from "../search/query.js";
import { allTasks, knownLibraries, modalities } from "../tasks/catalogue.js";
import { LOCAL_SETTINGS, RUN_SETTINGS, type RunSettingSpec } from "../local/settings.js";

/*
 * The words that complete a command line (`hubref __complete`), loaded only
 * when a shell asks: from the commands as program.ts builds them and the tables
 * the commands check values against.
 */

/** The line as far as the cursor: the command's words before the one being completed, and that one. */
interface Line {
  command: Command | undefined;
  /** The arguments given before the word being completed (not the options or their values). */
  positionals: string[];
  /** Each option given before the word being completed, by its attribute name, with its last value. */
  options: Map<string, string>;
}

type Candidates = readonly string[] | "files";

/** The model file given earlier on the line, when there is one to read cheaply. */
function modelFileOf(line: Line): string | undefined {
  const given = [...line.positionals, line.options.get("for") ?? ""];
  return given.find((word) => word.endsWith(".json") && existsSync(word) && statSync(word).isFile());
}

async function ggufOf(line: Line) {
  const file = modelFileOf(line);
  if (file === undefined) return undefined;
  try {
    return ggufRepo(await readModelFile(file), quantCatalogue());
  } catch {
    return undefined;
  }
}

/** The completions of the run settings that take one of a list (RUN_SETTINGS's choices). */
function choiceValues(): Record<string, () => readonly string[]> {
  return Object.fromEntries(
    LOCAL_SETTINGS.flatMap((key) => {
      const spec: RunSettingSpec = RUN_SETTINGS[key];
      return spec.choices === undefined ? [] : [[key, () => spec.choices!]];
    }),
  );
}

/**
 * The values of options that take one from a known set, by the option's attribute name. An option declared with
 * commander's `.choices()` needs no entry: its choices complete as they are.
 */
const OPTION_VALUES: Readonly<Record<string, (line: Line) => Candidates | Promise<Candidates>>> = {
  language: () => LANGUAGES,
  client: (line) => {
    const given = (line.options.get("language") ?? "").toLowerCase();
    const language = LANGUAGES.find((name) => name === given) ?? LANGUAGE_ALIASES[given];
    return language === undefined ? CLIENTS : CLIENTS_BY_LANGUAGE[language];
  },
  provider: (line) => (line.command?.name() === "models" ? [...PROVIDER_IDS, "all"] : PROVIDER_CHOICES),
  task: () => allTasks().map((task) => task.id),
  app: () => Object.keys(APP_KINDS),
  modality: () => modalities(),
  library: () => knownLibraries(),
  sort: () => SORT_NAMES,
  // A device sold with several sizes completes once per size, so each word offered is one --fits takes.
  fits: () => ["auto", ...hardwareCatalogue().devices.flatMap((device) => deviceSpellings(device))],
  quant: async (line) => (await ggufOf(line))?.groups.map((group) => group.label) ?? quantCatalogue().fileTypes.map((type) => type.name),
  file: async (line) => (await ggufOf(line))?.variants.map((variant) => variant.file) ?? [],
  nearest: () => quantCatalogue().fileTypes.map((type) => type.name),
  ctx: () => ["max", "fit"],
  // Every run setting that takes one of a list: the list the setting's table gives.
  ...choiceValues(),
  // Sizes as system memory is sold, and margins as llama.cpp's --fit-target takes them (its default is 1 GiB).
  ram: () => ["8GB", "16GB", "32GB", "48GB", "64GB", "96GB", "128GB", "192GB", "256GB"],
  margin: () => ["0GB", "512MB", "1GiB", "2GiB", "4GiB"],
  for: () => "files",
  inputs: () => "files",
  image: () => "files",
  parse: () => "files",
};

/** The values of a command's arguments, by command name and argument name; a MODEL argument is a file or an id. */
const ARGUMENT_VALUES: Readonly<Record<string, () => Candidates>> = {
  "tasks id": () => allTasks().map((task) => task.id),
  "libraries key": () => knownLibraries(),
  "apps key": () => Object.keys(APP_KINDS),
  "snippet model": () => "files",
  "model model": () => "files",
};

const takesValue = (option: Option) => option.required || option.optional;

function optionNamed(command: Command, word: string): Option | undefined {
  return command.options.find((option) => option.long === word || option.short === word);
}

/** Reads the words before the one being completed, as commander would parse them. */
function readLine(program: Command, before: readonly string[]): Line & { pending?: Option } {
  const line: Line & { pending?: Option } = { command: undefined, positionals: [], options: new Map() };
  let pending: Option | undefined;
  for (const word of before) {
    if (pending !== undefined) {
      line.options.set(pending.attributeName(), word);
      pending = undefined;
      continue;
    }
    if (line.command === undefined) {
      if (word.startsWith("-")) continue;
      line.command = program.commands.find((command) => command.name() === word || command.aliases().includes(word));
      if (line.command === undefined) return line;
      continue;
    }
    if (word.startsWith("-") && word !== "-") {
      const [flag, value] = word.split(/=(.*)/s);
      const option = optionNamed(line.command, flag!);
      if (option === undefined) continue;
      if (!takesValue(option)) line.options.set(option.attributeName(), "true");
      else if (value !== undefined) line.options.set(option.attributeName(), value);
      else pending = option;
      continue;
    }
    line.positionals.push(word);
  }
  if (pending !== undefined) line.pending = pending;
  return line;
}

function visibleCommandNames(program: Command): string[] {
  return program
    .createHelp()
    .visibleCommands(program)
    .map((command) => command.name());
}

function flagsOf(command: Command): string[] {
  return command
    .createHelp()
    .visibleOptions(command)
    .flatMap((option) => [option.long, option.short])
    .filter((flag): flag is string => flag !== undefined);
}

/** More argument values, by command and argument name, from the files that own them (the completion command's shells). */
export type ArgumentValues = Readonly<Record<string, readonly string[]>>;

function argumentValues(command: Command, positionals: readonly string[], more: ArgumentValues): Candidates {
  const declared = command.registeredArguments;
  if (declared.length === 0) return [];
  const last = declared[declared.length - 1]!;
  const argument = positionals.length < declared.length ? declared[positionals.length]! : last.variadic ? last : undefined;
  if (argument === undefined) return [];
  if (argument.argChoices !== undefined) return argument.argChoices;
  const key = `${command.name()} ${argument.name()}`;
  return more[key] ?? ARGUMENT_VALUES[key]?.() ?? [];
}

/** `hubref __complete -- WORD...`, parsed: the words before the cursor, and the one being completed. */
export interface CompleteCommand {
  before: readonly string[];
  current: string;
}

/** The answer to `hubref __complete -- WORD...`: the mode line, then the candidates that start with the last word. */
export async function completions(program: Command, { before, current }: CompleteCommand, more: ArgumentValues = {}): Promise<string[]> {
  const line = readLine(program, before);
  let found: Candidates;
  if (line.pending !== undefined) {
    found = line.pending.argChoices ?? (await OPTION_VALUES[line.pending.attributeName()]?.(line)) ?? [];
  } else if (line.command === undefined) {
    found = current.startsWith("-") ? flagsOf(program) : visibleCommandNames(program);
  } else if (current.startsWith("-")) {
    found = flagsOf(line.command);
  } else {
    found = argumentValues(line.command, line.positionals, more);
  }
  if (found === "files") return ["files"];
  const lower = current.toLowerCase();
  return ["words", ...new Set(found.filter((candidate) => candidate.toLowerCase().startsWith(lower)))];
}
