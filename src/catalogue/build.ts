/**
 * Build step: validates every catalogue file and writes the checked data to
 * dist/data/, with the model schema for the quick check (model/quick-check.ts).
 * Exits non-zero on the first invalid file, so a broken catalogue fails
 * `npm run build`.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HubrefError, formatError } from "../errors.js";
import { COMPILED_DATA_DIR } from "./paths.js";
import { CATALOGUE_PARTS } from "./parts.js";
import { modelJsonSchema } from "../model/schema-json.js";
import { MODEL_SCHEMA_PART } from "../model/read-model.js";

function writeData(name: string, data: unknown): void {
  const target = join(COMPILED_DATA_DIR, `${name}.json`);
  writeFileSync(`${target}.tmp`, JSON.stringify(data));
  renameSync(`${target}.tmp`, target);
}

mkdirSync(COMPILED_DATA_DIR, { recursive: true });
try {
  for (const part of CATALOGUE_PARTS) writeData(part.name, part.load());
  writeData(MODEL_SCHEMA_PART, modelJsonSchema());
} catch (error) {
  if (!(error instanceof HubrefError)) throw error;
  process.stderr.write(formatError(error));
  process.exit(2);
}
