/**
 * `npm run build`, first step, run from source (tsx) since tsc needs its
 * output: writes the generated modules of src/ (generated.ts). A file whose
 * text is already right is left alone, so that its time stamp does not make
 * the test setup rebuild dist/ (test/helpers/build-once.ts).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { GENERATED_MODULES } from "./generated.js";

function readOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

for (const { file, source } of GENERATED_MODULES) {
  const text = source();
  if (readOrUndefined(file) === text) continue;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}
