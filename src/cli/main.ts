import { processContext } from "./context.js";
import { runProgram } from "./program.js";

// A reader that closes early (`hubref ... | head`) is not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await runProgram(process.argv, processContext());
