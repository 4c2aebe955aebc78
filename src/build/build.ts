/**
 * `npm run build`, after tsc: validates every catalogue file and writes the
 * checked data to dist/data/ (the modules generated before tsc are
 * generate.ts's). Exits non-zero on the first invalid file, so
 * a broken catalogue fails the build. Nothing at run time imports src/build/
 * (types aside): commands read what it wrote.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isFailure } from "../outcome/problems.js";
import { formatError, joinedMessages } from "../output/error-text.js";
import { CLI_NAMES } from "../words/cli-names.js";
import { failureText } from "../words/problems.js";
import { COMPILED_DATA_DIR } from "../catalogue/paths.js";
import { CATALOGUE_PARTS } from "./parts.js";

/** Written whole or not at all: a reader never sees half a file. */
function writeFile(target: string, text: string): void {
  writeFileSync(`${target}.tmp`, text);
  renameSync(`${target}.tmp`, target);
}

mkdirSync(COMPILED_DATA_DIR, { recursive: true });
try {
  for (const part of CATALOGUE_PARTS) writeFile(join(COMPILED_DATA_DIR, `${part.name}.json`), JSON.stringify(part.load()));
} catch (error) {
  if (!isFailure(error)) throw error;
  const { messages, hint } = failureText(error, CLI_NAMES);
  process.stderr.write(formatError({ message: joinedMessages(messages), hint }));
  process.exit(2);
}
