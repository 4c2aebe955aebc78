import { processContext } from "./context.js";
import { runProgram } from "./program.js";
import { ExitCode } from "../errors.js";

/**
 * A reader that closes early (`hubref ... | head -1`) took what it wanted:
 * exit quietly with the code the command had, as ripgrep and git do. Any other
 * write failure (a full disk) lost output the user asked for: one line, exit 1.
 */
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? ExitCode.ok);
  const reason = error.code ? `${error.message.replace(/^[A-Z]+: /, "").replace(/, write$/, "")} (${error.code})` : error.message;
  process.stderr.write(`error: cannot write the output: ${reason}\n`);
  process.exit(ExitCode.operational);
});
// Nowhere is left to report a broken stderr; the exit code still tells.
process.stderr.on("error", () => process.exit(process.exitCode ?? ExitCode.operational));

// No top-level await: the bundle is a CommonJS script (bin/hubref runs it with V8's code cache).
void runProgram(process.argv, processContext()).then((code) => {
  process.exitCode = code;
});
