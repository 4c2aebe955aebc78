import { readTextInput } from "../util/read-input.js";
import { parseJson } from "../util/json.js";
import { validate } from "../util/validate.js";
import { usageError } from "../errors.js";
import { ModelDataSchema, type ModelData } from "./schema.js";

/** Checks a parsed JSON value as model metadata with zod; the error names `source` and the field. */
export function modelDataFromValue(value: unknown, source: string): ModelData {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw usageError(
      `${source}: expected a JSON object with model metadata, got ${Array.isArray(value) ? "an array" : typeof value === "object" ? "null" : `a ${typeof value}`}`,
    );
  }
  // Every command names the model by its id: without one there is nothing to call.
  if (!Object.hasOwn(value, "id")) throw usageError(`${source}: no 'id' field: model metadata needs the model's hub id`, 'add it, e.g. "id": "org/name"');
  return validate(ModelDataSchema, value, source);
}

/** Parses and validates model metadata from JSON text. */
export function parseModelData(text: string, source: string): ModelData {
  return modelDataFromValue(parseJson(text, source), source);
}

/** Loads model metadata from a JSON file, or from stdin when `path` is `-`. */
export function loadModelFile(path: string): ModelData {
  const input = readTextInput(path);
  return parseModelData(input.text, input.source);
}
