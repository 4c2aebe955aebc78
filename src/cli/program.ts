import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { ExitCode, HubrefError } from "../errors.js";
import { isFailure } from "../outcome/problems.js";
import { formatError } from "../output/error-text.js";
import type { CommandContext } from "./context.js";
import { registerQuantTypes } from "./quant-types.js";
import { registerTasks } from "./tasks.js";
import { registerLibraries } from "./libraries.js";
import { registerSnippet } from "./snippet.js";
import { registerApps } from "./apps.js";
import { registerModels } from "./models.js";
import { registerMcp } from "./mcp.js";
import { registerCompletion } from "./completion.js";
import { registerHardware } from "./hardware.js";
import { commanderErrorText } from "./commander-messages.js";
import { unknownChoice } from "../choices/choices.js";
import { terminalLine } from "../output/terminal-text.js";
import { messageStream, type MessageStream } from "../output/message-lines.js";
import type { OutputStream } from "../output/output.js";

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return manifest.version;
}

export function buildProgram(context: CommandContext): Command {
  const program = new Command("hubref")
    .description("Reference catalogue and code-snippet generator for a machine-learning model hub")
    .version(packageVersion(), "-V, --version", "print the version")
    .option("--debug", "print stack traces for unexpected errors")
    .helpOption("-h, --help", "show help")
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.stdout.write(text),
      writeErr: (text) => context.stderr.write(text),
      outputError: (text, write) => write(commanderErrorText(text)),
    })
    .addHelpText(
      "after",
      `
Examples:
  $ hubref quant-types --parse Llama-3-8B-Instruct.Q4_K_M.gguf
  $ hubref quant-types --nearest Q4_K_M --available Q8_0,Q3_K_M --json
  $ hubref libraries diffusers
  $ hubref snippet model.json --language python --client requests > run.py

Exit codes: 0 success, 1 operational failure (network, disk), 2 bad usage or input.
Run 'hubref <command> --help' for a command's options.`,
    );
  registerQuantTypes(program, context);
  registerSnippet(program, context);
  registerTasks(program, context);
  registerLibraries(program, context);
  registerApps(program, context);
  registerModels(program, context);
  registerMcp(program, context);
  registerHardware(program, context);
  // Last: its completions read the commands registered above.
  registerCompletion(program, context);
  return program;
}

function debugEnabled(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  const debug = env.DEBUG;
  return argv.includes("--debug") || (debug !== undefined && debug !== "" && debug !== "0");
}

/**
 * Runs one command line with the streams and environment of `context`, and
 * returns the exit code. Tests call it in-process; main.ts is the launcher.
 */
export async function runProgram(argv: readonly string[], given: CommandContext): Promise<number> {
  // Every note, warning, error and hint goes through this one stderr: wrapped to a terminal's width, one line each
  // elsewhere. Whether it is a terminal is asked at the first message, as asking makes process.stderr's stream.
  let messages: MessageStream | undefined;
  let asked = false;
  const stderr: OutputStream = {
    write(text: string) {
      if (!asked) {
        asked = true;
        if (given.stderr.isTTY) messages = messageStream(given.stderr);
      }
      return (messages ?? given.stderr).write(text);
    },
    get isTTY() {
      return given.stderr.isTTY;
    },
    get columns() {
      return given.stderr.columns;
    },
  };
  // Not a spread: that would read `stdinIsTTY`, a getter that makes process.stdin's stream.
  const context: CommandContext = Object.create(given, { stderr: { value: stderr, enumerable: true } });
  try {
    return await runCommand(argv, context);
  } finally {
    await messages?.settled();
  }
}

async function runCommand(argv: readonly string[], context: CommandContext): Promise<number> {
  const program = buildProgram(context);
  try {
    const words = argv.slice(2).filter((word) => word !== "--debug");
    // Asked for nothing: the help is the answer, on stdout (as gh does), not an error.
    if (words.length === 0) {
      program.outputHelp();
      return ExitCode.ok;
    }
    // Commander answers `help nope` with the main help and exit 0.
    const commandNames = program.commands.map((command) => command.name());
    if (words[0] === "help" && words[1] !== undefined && !words[1].startsWith("-") && !commandNames.includes(words[1])) {
      throw unknownChoice("command", words[1], commandNames, { kind: "listed-by", command: "help" });
    }
    await program.parseAsync(argv as string[]);
    return context.exitCode ?? ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has printed its own message already.
      const quietExits = ["commander.helpDisplayed", "commander.version", "commander.help"];
      return quietExits.includes(error.code) ? ExitCode.ok : ExitCode.usage;
    }
    // The words are loaded when a command fails: a run that succeeds never pays for them.
    const known = isFailure(error) ? (await import("./names.js")).cliError(error) : error instanceof HubrefError ? error : undefined;
    if (known) {
      context.stderr.write(formatError(known));
      return known.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    context.stderr.write(`error: unexpected failure: ${terminalLine(message)}\n`);
    if (debugEnabled(argv, context.env)) context.stderr.write(`${(error as Error)?.stack ?? ""}\n`);
    else context.stderr.write("hint: run again with --debug for the details, and report it\n");
    return ExitCode.operational;
  }
}
