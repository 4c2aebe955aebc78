import { readTextInput } from "../util/read-input.js";
import { parseJson } from "../util/json.js";
import { readCompiled } from "../catalogue/compiled.js";
import { quickCheck, type JsonSchema } from "./quick-check.js";
import type { ModelData } from "./schema.js";

/*
 * Model metadata from a file or stdin, as load-file.ts reads it, without
 * loading zod when the metadata is valid (nearly always): zod is loaded to
 * decide and explain only what the quick check does not pass.
 */

/** The build's JSON Schema of ModelDataSchema (src/model/schema-json.ts). */
export const MODEL_SCHEMA_PART = "model-schema";

export async function readModelFile(path: string): Promise<ModelData> {
  const input = readTextInput(path);
  const value = parseJson(input.text, input.source);
  const quick = quickCheck<ModelData>(readCompiled<JsonSchema>(MODEL_SCHEMA_PART), value);
  if (quick !== undefined) return quick;
  const { modelDataFromValue } = await import("./load-file.js");
  return modelDataFromValue(value, input.source);
}
