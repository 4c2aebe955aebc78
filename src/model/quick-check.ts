import { modelIdProblem } from "./model-id.js";

/*
 * Model metadata checked without zod: loading zod and building its schemas
 * costs more than the rest of a `snippet` run. The build writes the model
 * schema as JSON Schema (dist/data/model-schema.json, from zod's own
 * converter); this file reads the few keywords that schema uses. A value that
 * passes here is one zod accepts, with the same defaults; anything else goes
 * to zod, which gives the verdict and the message naming the field.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  minimum?: number;
  default?: unknown;
  format?: string;
}

/** Refinements a zod schema marks with `.meta({ format })`, checked here by the same function zod runs. */
export const QUICK_FORMATS: Readonly<Record<string, (value: string) => boolean>> = {
  "hub-model-id": (value) => modelIdProblem(value) === undefined,
};

/** The keywords `passes` understands; the build refuses a schema with any other. */
export const QUICK_KEYWORDS: readonly string[] = [
  "$schema",
  "type",
  "properties",
  "required",
  "additionalProperties",
  "propertyNames",
  "items",
  "anyOf",
  "enum",
  "minimum",
  "default",
  "format",
];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasType(schema: JsonSchema, value: unknown): boolean {
  if (schema.type === undefined) return true;
  const types = typeof schema.type === "string" ? [schema.type] : schema.type;
  return types.some((type) => {
    switch (type) {
      case "string":
        return typeof value === "string";
      case "number":
        return typeof value === "number" && Number.isFinite(value);
      case "integer":
        return Number.isSafeInteger(value);
      case "boolean":
        return typeof value === "boolean";
      case "null":
        return value === null;
      case "array":
        return Array.isArray(value);
      case "object":
        return isObject(value);
      default:
        return false;
    }
  });
}

function passes(schema: JsonSchema, value: unknown): boolean {
  if (!hasType(schema, value)) return false;
  if (schema.enum !== undefined && !schema.enum.includes(value)) return false;
  if (schema.minimum !== undefined && !((value as number) >= schema.minimum)) return false;
  if (schema.format !== undefined && !QUICK_FORMATS[schema.format]!(value as string)) return false;
  if (schema.anyOf !== undefined && !schema.anyOf.some((option) => passes(option, value))) return false;
  if (schema.items !== undefined && !(value as unknown[]).every((item) => passes(schema.items!, item))) return false;
  if (isObject(value) && (schema.properties !== undefined || schema.additionalProperties !== undefined)) {
    // zod drops an own "__proto__" key from what it returns; leave that case to zod.
    if (Object.hasOwn(value, "__proto__")) return false;
    const properties = schema.properties ?? {};
    for (const key of schema.required ?? []) if (!Object.hasOwn(value, key)) return false;
    for (const key of Object.keys(value)) {
      const property = Object.hasOwn(properties, key) ? properties[key] : schema.additionalProperties;
      if (property !== undefined && !passes(property, value[key])) return false;
    }
  }
  return true;
}

/** Fills in absent properties that have a default, as zod does; defaults sit only on object properties (the build checks). */
function applyDefaults(schema: JsonSchema, value: unknown): void {
  if (Array.isArray(value) && schema.items !== undefined) for (const item of value) applyDefaults(schema.items, item);
  if (!isObject(value) || schema.properties === undefined) return;
  for (const [key, property] of Object.entries(schema.properties)) {
    if (!Object.hasOwn(value, key)) {
      // Defaults are JSON (they come from JSON Schema); a copy, so no two models share one.
      if (property.default !== undefined) value[key] = JSON.parse(JSON.stringify(property.default));
    } else {
      applyDefaults(property, value[key]);
    }
  }
}

/**
 * `value` (fresh from JSON.parse: it is completed in place) when it surely
 * passes `schema`; undefined when zod must decide.
 */
export function quickCheck<T>(schema: JsonSchema, value: unknown): T | undefined {
  if (!passes(schema, value)) return undefined;
  applyDefaults(schema, value);
  return value as T;
}

/** Why the quick check cannot stand in for zod on `schema`: an unknown keyword, format, or a default it would not apply. */
export function quickCheckGaps(schema: JsonSchema, path = "(top level)", underAnyOf = false): string[] {
  const gaps: string[] = [];
  for (const key of Object.keys(schema)) if (!QUICK_KEYWORDS.includes(key)) gaps.push(`${path}: keyword ${key}`);
  if (schema.format !== undefined && !Object.hasOwn(QUICK_FORMATS, schema.format)) gaps.push(`${path}: format ${schema.format}`);
  if (underAnyOf && schema.default !== undefined) gaps.push(`${path}: a default inside anyOf`);
  // A plain z.object drops unknown keys, which the quick check keeps; loose objects (additionalProperties {}) keep them too.
  if (schema.properties !== undefined && typeof schema.additionalProperties !== "object") gaps.push(`${path}: an object that is not loose`);
  if (schema.propertyNames !== undefined && JSON.stringify(schema.propertyNames) !== '{"type":"string"}') gaps.push(`${path}: keys other than any string`);
  for (const [key, property] of Object.entries(schema.properties ?? {})) gaps.push(...quickCheckGaps(property, `${path}.${key}`, underAnyOf));
  if (schema.additionalProperties) gaps.push(...quickCheckGaps(schema.additionalProperties, `${path}[*]`, true));
  if (schema.items) gaps.push(...quickCheckGaps(schema.items, `${path}[]`, underAnyOf));
  for (const option of schema.anyOf ?? []) gaps.push(...quickCheckGaps(option, `${path}|`, true));
  return gaps;
}
