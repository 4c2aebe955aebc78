import { finiteNumber, type Scalar, type TreeSyntax } from "./tree.js";
import { doubleQuoted, hex2, hex4, wtf8Bytes, type DoubleQuoteRules, commentText } from "./unicode.js";
import type { LanguageDescriptor, Lexicon } from "./language.js";

/**
 * Go literals for untrusted values: interpreted string literals, escaped as
 * strconv.Quote would (never a backquoted raw string, which a backquote in the
 * text would end). Every string from model metadata or user input reaches Go
 * code through this file.
 */

const RULES: DoubleQuoteRules = {
  simple: { "\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t" },
  // Go has no escape for a lone surrogate: its bytes are what a Go string can hold of it.
  surrogate: (code) =>
    wtf8Bytes(code)
      .map((byte) => `\\x${hex2(byte)}`)
      .join(""),
  wide: (code) => `\\u${hex4(code)}`,
};

export function goString(text: string): string {
  return doubleQuoted(text, RULES);
}

/** A `//` comment line that stays one line whatever the text holds. */
export function goComment(text: string): string {
  return `// ${commentText(text)}`;
}

/** Go's data, for encoding/json: `map[string]any` and `[]any`, tab-indented as gofmt writes them. */
export const GO_TREE: TreeSyntax = {
  indent: "\t",
  string: goString,
  scalar: (value: Scalar) => (value === null ? "nil" : typeof value === "number" ? finiteNumber(value) : String(value)),
  key: goString,
  member: (key, value) => `${key}: ${value}`,
  list: { open: "[]any{", close: "}", empty: "[]any{}" },
  map: () => ({ open: "map[string]any{", close: "}", empty: "map[string]any{}" }),
  commas: "trailing",
};

/** Go's literals: interpreted strings and runes take escapes, backquoted raw strings do not. */
const GO_LEXICON: Lexicon = {
  lineComment: "//",
  blockComment: { open: "/*", close: "*/" },
  strings: [
    { open: '"', close: '"', escapes: true },
    { open: "'", close: "'", escapes: true },
    { open: "`", close: "`", escapes: false },
  ],
};

/** Go: the language's facts for every floor above (src/format/languages.ts lists it). */
export const GO_LANGUAGE = {
  label: "Go",
  aliases: ["golang"],
  fileName: "main.go",
  comment: goComment,
  string: goString,
  tree: GO_TREE,
  libraryCode: false,
  highlight: "go",
  reserved: [
    ...["break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for", "func", "go", "goto", "if"],
    ...["import", "interface", "map", "package", "range", "return", "select", "struct", "switch", "type", "var"],
    ...["any", "append", "bool", "byte", "cap", "clear", "close", "comparable", "complex", "complex128", "complex64", "copy"],
    ...["delete", "error", "false", "float32", "float64", "imag", "int", "int16", "int32", "int64", "int8", "iota", "len", "make"],
    ...["max", "min", "new", "nil", "panic", "print", "println", "real", "recover", "rune", "string", "true", "uint", "uint16"],
    ...["uint32", "uint64", "uint8", "uintptr"],
  ],
  lexicon: GO_LEXICON,
  clients: { "net/http": { api: "http", folder: "net-http" } },
} as const satisfies LanguageDescriptor;
