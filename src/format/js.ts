import { spreadContainer } from "./multiline.js";
import { jsonString, commentText } from "./unicode.js";

/**
 * JavaScript literals for untrusted values. Every string from model metadata
 * or user input reaches JS code through these functions.
 */

/**
 * A double-quoted JS string literal: JSON's escaping is valid JS. What JSON leaves raw and a reader must see
 * (line separators, bidirectional controls, C1 controls) is escaped too.
 */
export function jsString(text: string): string {
  return jsonString(text);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** An object-literal key. `__proto__: x` and `"__proto__": x` both set the prototype; only a computed key makes a field. */
export function jsPropertyKey(key: string): string {
  if (key === "__proto__") return `[${jsString(key)}]`;
  return IDENTIFIER.test(key) ? key : jsString(key);
}

/**
 * Any JSON value as a JS expression. With `indent`, containers spread over
 * lines, nested by `indent` spaces from `baseIndent`.
 */
export function jsValue(value: unknown, indent = 4, baseIndent = 0): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return jsString(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error("a JSON value cannot hold NaN or Infinity");
    return String(value);
  }
  if (typeof value === "boolean") return String(value);
  if (typeof value === "object")
    return spreadContainer(value as Record<string, unknown>, baseIndent, indent, jsPropertyKey, (item, deeper) => jsValue(item, indent, deeper));
  throw new Error(`cannot write a ${typeof value} as a JS literal`);
}

/** A `//` comment line that stays one line whatever the text holds. */
export function jsComment(text: string): string {
  return `// ${commentText(text)}`;
}
