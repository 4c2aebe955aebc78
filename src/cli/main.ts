import { fstatSync, statSync, writeSync } from "node:fs";
import { processContext } from "./context.js";
import { runProgram } from "./program.js";
import { ExitCode } from "../errors.js";
import type { OutputStream } from "../output/output.js";

/**
 * A reader that closes early (`hubref ... | head -1`) took what it wanted:
 * exit quietly with the code the command had, as ripgrep and git do. Any other
 * write failure (a full disk) lost output the user asked for: one line, exit 1.
 */
function stdoutFailed(error: NodeJS.ErrnoException): never {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? ExitCode.ok);
  const reason = error.code ? `${error.message.replace(/^[A-Z]+: /, "").replace(/, write$/, "")} (${error.code})` : error.message;
  stderrStream().write(`error: cannot write the output: ${reason}\n`);
  process.exit(ExitCode.operational);
}

/**
 * Output to a file or /dev/null, written as Node's own stdout writes it there (one synchronous write per
 * call) without making process.stdout: that loads Node's stream modules, about a quarter of what hubref
 * adds to node's start. A terminal or a pipe gets process.stdout.
 */
function fileStdout(): OutputStream | undefined {
  try {
    const stat = fstatSync(1);
    const devNull = stat.isCharacterDevice() && statSync("/dev/null").rdev === stat.rdev;
    if (!stat.isFile() && !devNull) return undefined;
  } catch {
    return undefined;
  }
  return {
    isTTY: false,
    write(text: string) {
      try {
        writeSync(1, text);
      } catch (error) {
        stdoutFailed(error as NodeJS.ErrnoException);
      }
      return true;
    },
  };
}

let stdout = fileStdout();
if (!stdout) {
  stdout = process.stdout;
  process.stdout.on("error", stdoutFailed);
}
/** process.stderr, made on first use: a run that writes no note or error never pays for its stream. */
function stderrStream(): NodeJS.WriteStream {
  const stream = process.stderr;
  if (stream.listenerCount("error") === 0) {
    // Nowhere is left to report a broken stderr; the exit code still tells.
    stream.on("error", () => process.exit(process.exitCode ?? ExitCode.operational));
  }
  return stream;
}
const stderr: OutputStream = {
  write: (text: string) => stderrStream().write(text),
  get isTTY() {
    return stderrStream().isTTY;
  },
  get columns() {
    return stderrStream().columns;
  },
  once: (event: "drain", listener: () => void) => stderrStream().once(event, listener),
};

// No top-level await: the bundle is a CommonJS script (bin/hubref runs it with V8's code cache).
void runProgram(process.argv, processContext(stdout, stderr)).then((code) => {
  process.exitCode = code;
});
