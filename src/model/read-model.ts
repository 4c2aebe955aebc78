import { readTextInput } from "../util/read-input.js";
import { parseJson } from "../util/json.js";
import { operationalError } from "../errors.js";
import { MODEL_FORMATS } from "./model-id.js";
import type { ModelData } from "./schema.js";
import { loadModelCheck, type ModelCheck } from "./model-check.js";

/*
 * Model metadata from a file or stdin, as load-file.ts reads it, without
 * loading zod when the metadata is valid (nearly always): the build generated
 * a check from the zod schema (src/build/model-check.ts), and zod is loaded to
 * decide and explain only what that check does not pass.
 */

let check: ModelCheck | undefined;

function modelCheck(): ModelCheck {
  if (check === undefined) {
    let make: (formats: typeof MODEL_FORMATS) => ModelCheck;
    try {
      make = loadModelCheck();
    } catch {
      throw operationalError("the model check is missing or damaged in dist/data/", "run `npm run build` in the hubref folder");
    }
    check = make(MODEL_FORMATS);
  }
  return check;
}

/**
 * `value` (fresh from JSON.parse: zod's defaults are filled in in place) when
 * zod surely accepts it; undefined when zod must decide.
 */
export function quickModelCheck(value: unknown): ModelData | undefined {
  return modelCheck()(value) ? (value as ModelData) : undefined;
}

export async function readModelFile(path: string): Promise<ModelData> {
  const input = readTextInput(path);
  const value = parseJson(input.text, input.source);
  const quick = quickModelCheck(value);
  if (quick !== undefined) return quick;
  const { modelDataFromValue } = await import("./load-file.js");
  return modelDataFromValue(value, input.source);
}
