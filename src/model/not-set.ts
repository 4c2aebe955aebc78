/*
 * Kept apart from schema.ts so that reading a model file loads no zod.
 */

/**
 * Null is how the hub says "not set", and a file saved from its API says the
 * same: every null (a field's value or a list's entry) is dropped before the
 * metadata is checked, so the schema sees those fields as absent. Entries are
 * defined, not assigned, so that a "__proto__" key stays a plain field.
 */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value))
    return value.some((item) => item === null || typeof item === "object") ? value.filter((item) => item !== null).map(withoutNulls) : value;
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, field]) => (field === null ? [] : [[key, withoutNulls(field)]])));
}
