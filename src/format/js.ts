import { finiteNumber, writeTree, type Scalar, type TreeSyntax } from "./tree.js";
import { jsonString, commentText } from "./unicode.js";
import type { LanguageDescriptor, Lexicon } from "./language.js";

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

/** JavaScript's data: object and array literals. */
export const JS_TREE: TreeSyntax = {
  indent: "    ",
  string: jsString,
  scalar: (value: Scalar) => (typeof value === "number" ? finiteNumber(value) : String(value)),
  key: jsPropertyKey,
  member: (key, value) => `${key}: ${value}`,
  list: { open: "[", close: "]", empty: "[]" },
  map: () => ({ open: "{", close: "}", empty: "{}" }),
  commas: "trailing",
};

/**
 * Any JSON value as a JS expression. With `indent`, containers spread over
 * lines, nested by `indent` spaces from `baseIndent`.
 */
export function jsValue(value: unknown, indent = 4, baseIndent = 0): string {
  return writeTree({ ...JS_TREE, indent: " ".repeat(indent) }, value, " ".repeat(baseIndent));
}

/** A `//` comment line that stays one line whatever the text holds. */
export function jsComment(text: string): string {
  return `// ${commentText(text)}`;
}

/** JavaScript's literals: strings, and template literals, whose `${...}` is code (the programs write no regular expression). */
const JS_LEXICON: Lexicon = {
  lineComment: "//",
  blockComment: { open: "/*", close: "*/" },
  strings: [
    { open: '"', close: '"', escapes: true },
    { open: "'", close: "'", escapes: true },
    { open: "`", close: "`", escapes: true, interpolation: { open: "${" } },
  ],
};

/** JavaScript (Node, as a module): the language's facts for every floor above (src/format/languages.ts lists it). */
export const JS_LANGUAGE = {
  label: "JavaScript",
  aliases: ["javascript", "node", "nodejs"],
  // The snippets use import and top-level await: node runs them as a module by this extension.
  fileName: "snippet.mjs",
  comment: jsComment,
  string: jsString,
  tree: JS_TREE,
  libraryCode: true,
  highlight: "javascript",
  reserved: [
    ...["break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "export", "extends"],
    ...["false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null", "return", "super", "switch", "this"],
    ...["throw", "true", "try", "typeof", "var", "void", "while", "with", "yield", "let", "static", "enum", "await", "implements"],
    ...["package", "protected", "interface", "private", "public", "arguments", "eval", "undefined", "NaN", "Infinity"],
    ...["console", "process", "JSON", "fetch", "Object", "Error", "Buffer", "Array", "TextDecoder", "Map", "Promise", "String"],
  ],
  lexicon: JS_LEXICON,
  clients: {
    "huggingface.js": { api: "hub", folder: "huggingface.js" },
    fetch: { api: "http", folder: "fetch" },
    openai: { api: "chat", folder: "openai" },
  },
} as const satisfies LanguageDescriptor;
