import { processContext } from "./context.js";
import { runProgram } from "./program.js";

// A reader that closes early (`hubref ... | head`) is not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

// No top-level await: the bundle is a CommonJS script (bin/hubref runs it with V8's code cache).
void runProgram(process.argv, processContext()).then((code) => {
  process.exitCode = code;
});
