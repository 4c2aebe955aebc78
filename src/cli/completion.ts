import type { Command } from "commander";
import { requireChoice } from "../choices/choices.js";
import type { CompleteCommand } from "./completion-words.js";
import type { CommandContext } from "./context.js";

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
    # (Q): the words without the quoting typed on the line, as hubref reads them.
    reply=("\${(@f)$(hubref __complete -- "\${(@Q)words[2,CURRENT]}" 2>/dev/null)}")
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
    # -o gives the earlier words unescaped; the one being typed is unescaped here, as hubref reads it.
    set -l current (commandline -ct | string unescape)
    # Quoted, $current is one word even when nothing is typed yet.
    set -l reply (hubref __complete -- $words "$current" 2>/dev/null)
    if test "$reply[1]" = files
        __fish_complete_path (commandline -ct)
    else
        printf '%s\\n' $reply[2..-1]
    end
end
complete -c hubref -f -a '(__hubref_complete)'
`;

export const SCRIPTS = { bash: BASH, zsh: ZSH, fish: FISH } as const satisfies Record<Shell, string>;

/** `hubref completion SHELL`, parsed: the shell whose script to print. */
export interface CompletionCommand {
  shell: Shell;
}

export function parseCompletionCommand(shell: string): CompletionCommand {
  return { shell: requireChoice("shell", shell, SHELLS) };
}

/** A command line a shell hands over is short; a longer one is no line a user typed, and completes nothing. */
const MAX_COMPLETE_WORDS = 256;
const MAX_COMPLETE_CHARS = 16_384;

/** The line to complete, or undefined for one too long to be a user's, which completes nothing. */
export function parseCompleteCommand(words: readonly string[]): CompleteCommand | undefined {
  if (words.length > MAX_COMPLETE_WORDS || words.reduce((sum, word) => sum + word.length, 0) > MAX_COMPLETE_CHARS) return undefined;
  return { before: words.slice(0, -1), current: words[words.length - 1] ?? "" };
}

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
      context.stdout.write(SCRIPTS[parseCompletionCommand(shell).shell]);
    });
  program
    .command("__complete", { hidden: true })
    .description("the words that complete a command line, for the completion scripts")
    .argument("[words...]")
    .helpOption(false)
    .action(async (words: string[]) => {
      const { completions } = await import("./completion-words.js");
      const line = parseCompleteCommand(words);
      const lines = line === undefined ? ["words"] : await completions(program, line, { "completion shell": SHELLS });
      context.stdout.write(`${lines.join("\n")}\n`);
    });
}
