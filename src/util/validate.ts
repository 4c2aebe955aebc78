import type { z } from "zod";
import { fail } from "../outcome/problems.js";

/** Renders a zod issue path as a JSON path: `config.architectures[0]`. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (typeof key === "string" && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out || "(top level)";
}

/** Whether the top-level field a path starts in must be there (the model's `id`): removing it is no way out. */
function isRequired(schema: z.ZodType, path: readonly PropertyKey[]): boolean {
  const shape = (schema as { shape?: Record<PropertyKey, z.ZodType> }).shape;
  const field = path[0] === undefined ? undefined : shape?.[path[0]];
  return field !== undefined && !field.safeParse(undefined).success;
}

/**
 * Validates `value` against `schema`; the first problem fails it, naming the
 * source and the field.
 */
export function validate<Schema extends z.ZodType>(schema: Schema, value: unknown, source: string): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  return fail({
    kind: "field-invalid",
    source,
    field: formatJsonPath(issue.path),
    issue: issue.message,
    more: result.error.issues.length - 1,
    required: isRequired(schema, issue.path),
  });
}
