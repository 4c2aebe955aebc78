import { readTextInput } from "../util/read-input.js";
import { parseJson } from "../util/json.js";
import { MODEL_FORMATS } from "./model-id.js";
import type { ModelData } from "./schema.js";
import { withoutNulls } from "./not-set.js";
import { makeModelCheck, type ModelCheck } from "./generated/model-check.js";

/*
 * Model metadata from a file or stdin, as load-file.ts reads it, without
 * loading zod when the metadata is valid (nearly always): the build generated
 * a check from the zod schema (src/build/model-check.ts), and zod is loaded to
 * decide and explain only what that check does not pass.
 */

let check: ModelCheck | undefined;

/**
 * `value` (fresh from JSON.parse: zod's defaults are filled in in place) when
 * zod surely accepts it; undefined when zod must decide.
 */
export function quickModelCheck(value: unknown): ModelData | undefined {
  return (check ??= makeModelCheck(MODEL_FORMATS))(value) ? (value as ModelData) : undefined;
}

export async function readModelFile(path: string): Promise<ModelData> {
  return (await readSizedModelFile(path)).model;
}

/** A model read from a path, with the file's size when it is a regular file (which can be read again). */
export interface SizedModel {
  model: ModelData;
  fileBytes?: number;
}

/** readModelFile, with the file's size: a batch keeps the parsed models of its first files by their bytes. */
export async function readSizedModelFile(path: string): Promise<SizedModel> {
  const input = readTextInput(path);
  const parsed = parseJson(input.text, input.source);
  // Metadata without a null passes the check as it is; only the rest pays for a copy without them.
  const quick = quickModelCheck(parsed);
  if (quick) return sized(quick, input.fileBytes);
  const value = withoutNulls(parsed);
  return sized(quickModelCheck(value) ?? (await import("./load-file.js")).modelDataFromValue(value, input.source), input.fileBytes);
}

function sized(model: ModelData, fileBytes: number | undefined): SizedModel {
  return fileBytes === undefined ? { model } : { model, fileBytes };
}
