import { readTextInput } from "../util/read-input.js";
import { parseJson } from "../util/json.js";
import { validate } from "../util/validate.js";
import { fail, type ProblemOf } from "../outcome/problems.js";
import { ModelDataSchema, type ModelData } from "./schema.js";

/** What a value that is not a JSON object is, as a message names it. */
function notAnObject(value: unknown): ProblemOf<"metadata-not-object">["got"] {
  if (Array.isArray(value)) return "array";
  const type = typeof value;
  return type === "object" ? "null" : type;
}

/** Checks a parsed JSON value as model metadata with zod; the error names `source` and the field. */
export function modelDataFromValue(value: unknown, source: string): ModelData {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return fail({ kind: "metadata-not-object", source, got: notAnObject(value) });
  // Every command names the model by its id: without one there is nothing to call.
  if (!Object.hasOwn(value, "id")) fail({ kind: "metadata-no-id", source });
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
