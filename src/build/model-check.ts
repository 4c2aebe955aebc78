import { _ } from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import { z } from "zod";
import { MODEL_FORMATS } from "../model/model-id.js";
import { ModelDataSchema } from "../model/schema.js";

/*
 * Build step: the quick model check (read-model.ts), generated from the one
 * zod schema. zod's converter writes the schema as JSON Schema, and ajv
 * compiles that to a plain JavaScript function (its standalone code), written
 * as a module of the source (src/model/generated/model-check.ts, generate.ts)
 * that read-model.ts imports, so the check runs without ajv or zod. A value the
 * function passes is one zod accepts, with the same defaults filled in; the
 * rest goes to zod, which gives the verdict and names the field. What the
 * JSON Schema cannot say the same way is refused here, at build time.
 */

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  default?: unknown;
  pattern?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  format?: string;
}

interface ZodNode {
  _zod: { def: Record<string, unknown> & { checks?: { _zod: { def: { check: string } } }[] } };
}

function isZodNode(value: unknown): value is ZodNode {
  return typeof value === "object" && value !== null && "_zod" in value;
}

/** Schemas whose output is not their input: the converter describes only the input side. */
const CHANGING_TYPES = ["pipe", "transform", "catch", "prefault", "lazy", "custom", "promise", "success", "codec"];

/** What zod's converter leaves out without a word: a refinement (unless it names a format of MODEL_FORMATS), a transform. */
function unmarkedRefinements(node: ZodNode, path: string, seen = new Set<ZodNode>()): string[] {
  if (seen.has(node)) return [];
  seen.add(node);
  const def = node._zod.def;
  const found: string[] = [];
  const format = z.globalRegistry.get(node as unknown as z.ZodType)?.format;
  if (def.checks?.some((check) => check._zod.def.check === "custom") && !(typeof format === "string" && Object.hasOwn(MODEL_FORMATS, format))) {
    found.push(`${path}: a refinement without a format of MODEL_FORMATS`);
  }
  if (CHANGING_TYPES.includes(String(def.type))) found.push(`${path}: a ${String(def.type)}, whose output the quick check would not make`);
  for (const [key, value] of Object.entries(def)) {
    const children = Array.isArray(value) ? value : key === "shape" && typeof value === "object" && value !== null ? Object.values(value) : [value];
    for (const child of children) if (isZodNode(child)) found.push(...unmarkedRefinements(child, `${path}.${key}`, seen));
  }
  return found;
}

/** Where the JSON Schema would pass a value with another output than zod's. */
function outputGaps(schema: JsonSchema, path: string, underAnyOf = false): string[] {
  const gaps: string[] = [];
  if (underAnyOf && schema.default !== undefined) gaps.push(`${path}: a default inside anyOf (ajv applies none there, zod does)`);
  // A plain z.object drops unknown keys, which the generated check keeps; loose objects (additionalProperties {}) keep them too.
  if (schema.properties !== undefined && typeof schema.additionalProperties !== "object") gaps.push(`${path}: an object that is not loose`);
  for (const [key, property] of Object.entries(schema.properties ?? {})) gaps.push(...outputGaps(property, `${path}.${key}`, underAnyOf));
  if (typeof schema.additionalProperties === "object") gaps.push(...outputGaps(schema.additionalProperties, `${path}[*]`, true));
  if (schema.items) gaps.push(...outputGaps(schema.items, `${path}[]`, underAnyOf));
  for (const option of schema.anyOf ?? []) gaps.push(...outputGaps(option, `${path}|`, true));
  return gaps;
}

/**
 * zod drops an own "__proto__" key from what it returns (JSON.parse makes
 * one); an object holding one is left to zod, so no key name is allowed there.
 */
function withoutProtoKeys(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (schema.properties !== undefined || typeof schema.additionalProperties === "object") {
    // A pattern, not `not: {const}`: ajv's `not` makes (and drops) an error object for every key that passes.
    out.propertyNames = { ...schema.propertyNames, pattern: "^(?!__proto__$)" };
  }
  if (schema.properties) out.properties = Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, withoutProtoKeys(value)]));
  if (typeof schema.additionalProperties === "object") out.additionalProperties = withoutProtoKeys(schema.additionalProperties);
  if (schema.items) out.items = withoutProtoKeys(schema.items);
  if (schema.anyOf) out.anyOf = schema.anyOf.map(withoutProtoKeys);
  return out;
}

/**
 * Each nested object schema moved to `$defs` and referred to by `$ref`, so ajv
 * writes one small function per object instead of one large one: V8's
 * optimising compiler needed about 6 MB more memory for the large one.
 */
function objectsAsDefinitions(schema: JsonSchema): JsonSchema {
  const defs: Record<string, JsonSchema> = {};
  const hoist = (node: JsonSchema, path: string, top: boolean): JsonSchema => {
    const out: JsonSchema = { ...node };
    if (node.properties)
      out.properties = Object.fromEntries(Object.entries(node.properties).map(([key, value]) => [key, hoist(value, `${path}.${key}`, false)]));
    if (typeof node.additionalProperties === "object") out.additionalProperties = hoist(node.additionalProperties, `${path}[*]`, false);
    if (node.items) out.items = hoist(node.items, `${path}[]`, false);
    if (node.anyOf) out.anyOf = node.anyOf.map((option, index) => hoist(option, `${path}|${index}`, false));
    if (top || node.properties === undefined) return out;
    const name = `o${Object.keys(defs).length}`;
    defs[name] = out;
    return { $ref: `#/$defs/${name}` };
  };
  const top = hoist(schema, "", true);
  return { ...top, $defs: defs };
}

/** `schema` as the JSON Schema the check is generated from; throws when the check could not stand in for zod on it. */
export function checkSchemaOf(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "throw" }) as JsonSchema;
  const gaps = [...unmarkedRefinements(schema as unknown as ZodNode, "(top level)"), ...outputGaps(json, "(top level)")];
  if (gaps.length > 0) throw new Error(`the quick check cannot stand in for this schema:\n${gaps.join("\n")}`);
  return objectsAsDefinitions(withoutProtoKeys(json));
}

/**
 * The source of a TypeScript module exporting `makeModelCheck(formats)`, whose
 * result `check(value)` fills in defaults in place and says whether zod would
 * accept `value`. Refuses code that would load anything (an ajv run-time helper).
 */
function checkModuleOf(schema: z.ZodType): string {
  const ajv = new Ajv2020.default({
    code: { source: true, formats: _`formats`, lines: false },
    inlineRefs: false,
    useDefaults: true,
    messages: false,
    strict: true,
    allErrors: false,
  });
  for (const [name, format] of Object.entries(MODEL_FORMATS)) ajv.addFormat(name, format);
  const code = standaloneCode.default(ajv, ajv.compile(checkSchemaOf(schema)));
  if (code.includes("require(")) throw new Error("the generated model check loads a module at run time; keep the schema to keywords ajv writes out in full");
  return [
    "// @ts-nocheck: ajv's code is checked by the tests against zod (test/model/read-model.test.ts), not by tsc.",
    "// Generated by `npm run build` (src/build/model-check.ts: ajv standalone code from ModelDataSchema); not kept in git.",
    'import type { MODEL_FORMATS } from "../model-id.js";',
    "",
    "/** Fills in zod's defaults in place and says whether zod would accept the value. */",
    "export type ModelCheck = (value: unknown) => boolean;",
    "",
    "export function makeModelCheck(formats: typeof MODEL_FORMATS): ModelCheck {",
    "const module = { exports: undefined };",
    code.replace(/^"use strict";/, ""),
    "return module.exports;",
    "}",
    "",
  ].join("\n");
}

export function modelCheckModule(): string {
  return checkModuleOf(ModelDataSchema);
}
