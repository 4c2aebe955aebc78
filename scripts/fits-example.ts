// The output docs/hardware.md (and README) show for the issue's Done-when command, made against the
// stand-in hub of the tests (test/helpers/fits-hub.ts) at a 100-column terminal:
//   node --import tsx scripts/fits-example.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runProgram } from "../src/cli/program.js";
import { fakeContext } from "../test/helpers/context.js";
import { startFitsHub } from "../test/helpers/fits-hub.js";

const ARGS = ["models", "--fits", "RTX 4090", "--ctx", "32768", "--task", "text-generation", "--limit", "10"];
const hub = await startFitsHub();
const cache = mkdtempSync(join(tmpdir(), "hubref-fits-example-"));
try {
  const { context, output, errors } = fakeContext({ HF_ENDPOINT: hub.endpoint, XDG_CACHE_HOME: cache, NO_COLOR: "1" }, true, 100);
  // No spinner in a transcript: stderr as a pipe.
  const quiet = { ...context, stderr: { ...context.stderr, isTTY: false } };
  const status = await runProgram(["node", "hubref", ...ARGS], quiet);
  process.stdout.write(`$ hubref ${ARGS.map((arg) => (arg.includes(" ") ? `"${arg}"` : arg)).join(" ")}\n${output()}${errors()}`);
  process.exitCode = status;
} finally {
  await hub.close();
  rmSync(cache, { recursive: true, force: true });
}
