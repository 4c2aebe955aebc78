import { z } from "zod";
import { ModelDataSchema } from "./schema.js";
import { QUICK_FORMATS, quickCheckGaps, type JsonSchema } from "./quick-check.js";

/*
 * The model schema as JSON Schema, for the quick check (quick-check.ts). The
 * build writes it to dist/data/; the converter runs here, never at run time.
 */

interface ZodNode {
  _zod: { def: Record<string, unknown> & { checks?: { _zod: { def: { check: string } } }[] } };
}

function isZodNode(value: unknown): value is ZodNode {
  return typeof value === "object" && value !== null && "_zod" in value;
}

/** Schemas whose output is not their input: the converter describes only the input side. */
const CHANGING_TYPES = ["pipe", "transform", "catch", "prefault", "lazy", "custom", "promise", "success", "codec"];

/**
 * What zod's converter leaves out without a word: a refinement (unless it
 * carries a format the quick check runs: `.meta({ format })`), a transform.
 */
function unmarkedRefinements(node: ZodNode, path: string, seen = new Set<ZodNode>()): string[] {
  if (seen.has(node)) return [];
  seen.add(node);
  const def = node._zod.def;
  const found: string[] = [];
  const format = z.globalRegistry.get(node as unknown as z.ZodType)?.format;
  if (def.checks?.some((check) => check._zod.def.check === "custom") && !(typeof format === "string" && Object.hasOwn(QUICK_FORMATS, format))) {
    found.push(`${path}: a refinement without a format the quick check knows`);
  }
  if (CHANGING_TYPES.includes(String(def.type))) found.push(`${path}: a ${String(def.type)}, whose output the quick check would not make`);
  for (const [key, value] of Object.entries(def)) {
    const children = Array.isArray(value) ? value : key === "shape" && typeof value === "object" && value !== null ? Object.values(value) : [value];
    for (const child of children) if (isZodNode(child)) found.push(...unmarkedRefinements(child, `${path}.${key}`, seen));
  }
  return found;
}

/** `schema` as JSON Schema for the quick check; throws when the quick check could not stand in for zod on it. */
export function quickSchemaOf(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "throw" }) as JsonSchema;
  const gaps = [...unmarkedRefinements(schema as unknown as ZodNode, "(top level)"), ...quickCheckGaps(json)];
  if (gaps.length > 0) throw new Error(`the quick check cannot stand in for this schema:\n${gaps.join("\n")}`);
  return json;
}

export function modelJsonSchema(): JsonSchema {
  return quickSchemaOf(ModelDataSchema);
}
