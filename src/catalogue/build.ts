/**
 * Build step: validates every catalogue file and writes the checked data to
 * dist/data/. Exits non-zero on the first invalid file, so a broken catalogue
 * fails `npm run build`.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HubrefError, formatError } from "../errors.js";
import { COMPILED_DATA_DIR } from "./paths.js";
import { CATALOGUE_PARTS } from "./parts.js";

mkdirSync(COMPILED_DATA_DIR, { recursive: true });
try {
  for (const part of CATALOGUE_PARTS) {
    const data = part.load();
    const target = join(COMPILED_DATA_DIR, `${part.name}.json`);
    writeFileSync(`${target}.tmp`, JSON.stringify(data));
    renameSync(`${target}.tmp`, target);
  }
} catch (error) {
  if (!(error instanceof HubrefError)) throw error;
  process.stderr.write(formatError(error));
  process.exit(2);
}
