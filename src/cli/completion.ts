import { existsSync, statSync } from "node:fs";
import type { Command, Option } from "commander";
import { APP_KINDS } from "../apps/app-keys.js";
import { ggufRepo } from "../apps/gguf-files.js";
import { hardwareCatalogue } from "../hardware/catalogue.js";
import { CLIENTS, CLIENTS_BY_LANGUAGE, LANGUAGES, PROVIDER_CHOICES, PROVIDER_IDS } from "../inference/id-lists.js";
import { CACHE_TYPE_NAMES } from "../memory/rules.js";
import { readModelFile } from "../model/read-model.js";
import { quantCatalogue } from "../quant/catalogue.js";
import { SORT_NAMES } from "../search/query.js";
import { allTasks, knownLibraries, modalities } from "../tasks/catalogue.js";
import { LANGUAGE_ALIASES } from "../format/languages.js";
import { requireChoice } from "../choices/choices.js";
import type { CommandContext } from "./context.js";
import { FLASH_ATTENTION } from "./fits-options.js";

/*
 * Shell completion. `hubref completion SHELL` prints a small script that, at
 * each TAB, asks `hubref __complete -- WORD...` (the words of the line up to
 * the cursor, the last one being completed) for the candidates. The answer is
 * worked out here from the commands as program.ts builds them (their names,
 * options and arguments) and the same tables the commands check values
 * against, so a command or flag added to the program completes with no list
 * to update. The first line of the answer is `words`, or `files` where the
 * shell should also offer file names (a MODEL argument, --for, --inputs).
 */

export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

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
  fits: () => ["auto", ...hardwareCatalogue().devices.map((device) => device.name)],
  quant: async (line) => (await ggufOf(line))?.groups.map((group) => group.label) ?? quantCatalogue().fileTypes.map((type) => type.name),
  file: async (line) => (await ggufOf(line))?.variants.map((variant) => variant.file) ?? [],
  nearest: () => quantCatalogue().fileTypes.map((type) => type.name),
  ctx: () => ["max", "fit"],
  cacheType: () => CACHE_TYPE_NAMES,
  cacheTypeK: () => CACHE_TYPE_NAMES,
  cacheTypeV: () => CACHE_TYPE_NAMES,
  flashAttn: () => FLASH_ATTENTION,
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
  "completion shell": () => SHELLS,
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

function argumentValues(command: Command, positionals: readonly string[]): Candidates {
  const declared = command.registeredArguments;
  if (declared.length === 0) return [];
  const last = declared[declared.length - 1]!;
  const argument = positionals.length < declared.length ? declared[positionals.length]! : last.variadic ? last : undefined;
  if (argument === undefined) return [];
  if (argument.argChoices !== undefined) return argument.argChoices;
  return ARGUMENT_VALUES[`${command.name()} ${argument.name()}`]?.() ?? [];
}

/** The answer to `hubref __complete -- WORD...`: the mode line, then the candidates that start with the last word. */
export async function completions(program: Command, words: readonly string[]): Promise<string[]> {
  const current = words[words.length - 1] ?? "";
  const line = readLine(program, words.slice(0, -1));
  let found: Candidates;
  if (line.pending !== undefined) {
    found = line.pending.argChoices ?? (await OPTION_VALUES[line.pending.attributeName()]?.(line)) ?? [];
  } else if (line.command === undefined) {
    found = current.startsWith("-") ? flagsOf(program) : visibleCommandNames(program);
  } else if (current.startsWith("-")) {
    found = flagsOf(line.command);
  } else {
    found = argumentValues(line.command, line.positionals);
  }
  if (found === "files") return ["files"];
  const lower = current.toLowerCase();
  return ["words", ...new Set(found.filter((candidate) => candidate.toLowerCase().startsWith(lower)))];
}

const BASH = `# hubref completion for bash: source it (source <(hubref completion bash)), or save it as
# ~/.local/share/bash-completion/completions/hubref. It asks hubref itself for the words.
_hubref() {
    local cur=\${COMP_WORDS[COMP_CWORD]}
    # The word as typed, unquoted: \${cur} keeps a backslash before a space, and an opening quote.
    local typed=\${cur//\\\\ / }
    typed=\${typed#[\\"\\']}
    local IFS=$'\\n'
    local -a reply
    reply=($(hubref __complete -- "\${COMP_WORDS[@]:1:COMP_CWORD-1}" "$typed" 2>/dev/null)) || return 0
    COMPREPLY=()
    if [[ \${reply[0]} == files ]]; then
        compopt -o filenames 2>/dev/null
        COMPREPLY=($(compgen -f -- "$cur"))
        return 0
    fi
    local word
    for word in "\${reply[@]:1}"; do
        # A value with a space (a GPU's name) is one word: quote it, unless the word typed opens a quote.
        if [[ $cur == [\\"\\']* ]]; then COMPREPLY+=("$word"); else COMPREPLY+=("$(printf '%q' "$word")"); fi
    done
}
complete -F _hubref hubref
`;

const ZSH = `#compdef hubref
# hubref completion for zsh: save it as _hubref in a folder of $fpath, or source it after compinit.
# It asks hubref itself for the words.
_hubref() {
    local -a reply
    reply=("\${(@f)$(hubref __complete -- "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
    if [[ \${reply[1]} == files ]]; then
        _files
    else
        compadd -- "\${(@)reply[2,-1]}"
    fi
}
if [[ \${zsh_eval_context[-1]} == loadautofunc ]]; then
    _hubref "$@"
else
    compdef _hubref hubref
fi
`;

const FISH = `# hubref completion for fish: save it as ~/.config/fish/completions/hubref.fish.
# It asks hubref itself for the words.
function __hubref_complete
    set -l words (commandline -opc)
    set -e words[1]
    set -l reply (hubref __complete -- $words (commandline -ct) 2>/dev/null)
    if test "$reply[1]" = files
        __fish_complete_path (commandline -ct)
    else
        printf '%s\\n' $reply[2..-1]
    end
end
complete -c hubref -f -a '(__hubref_complete)'
`;

export const SCRIPTS = { bash: BASH, zsh: ZSH, fish: FISH } as const satisfies Record<Shell, string>;

export function registerCompletion(program: Command, context: CommandContext): void {
  program
    .command("completion")
    .description("print a shell completion script for bash, zsh or fish: commands, options and their values")
    .argument("<shell>", "the shell to complete in: bash, zsh or fish")
    .addHelpText(
      "after",
      `
Load it in the current shell, or install it for every new one:
  $ source <(hubref completion bash)
  $ hubref completion bash > ~/.local/share/bash-completion/completions/hubref
  $ hubref completion zsh > ~/.zfunc/_hubref     # with fpath=(~/.zfunc $fpath) before compinit
  $ hubref completion fish > ~/.config/fish/completions/hubref.fish`,
    )
    .action((shell: string) => {
      context.stdout.write(SCRIPTS[requireChoice("shell", shell, SHELLS)]);
    });
  program
    .command("__complete", { hidden: true })
    .description("the words that complete a command line, for the completion scripts")
    .argument("[words...]")
    .helpOption(false)
    .action(async (words: string[]) => {
      const lines = await completions(program, words);
      context.stdout.write(`${lines.join("\n")}\n`);
    });
}
