import { finiteNumber, type Scalar, type TreeSyntax } from "./tree.js";
import { allPrintable, backslashSingleQuoted, doubleQuoted, type DoubleQuoteRules, commentText } from "./unicode.js";
import type { LanguageDescriptor } from "./language.js";

/**
 * Ruby literals for untrusted values. Single-quoted strings interpolate
 * nothing (`#{}` is text) and know two escapes, `\\` and `\'`. Text with a
 * control character goes in double quotes, fully escaped, `#` included:
 * Ruby stops reading a program at a raw NUL, ^D or ^Z, so such characters
 * must not stand in the source as they are.
 */

const RULES: DoubleQuoteRules = {
  simple: { "\\": "\\\\", '"': '\\"', "#": "\\#", "\n": "\\n", "\r": "\\r", "\t": "\\t" },
  // A lone surrogate is no character: \u{...} refuses it, so its replacement is sent.
  surrogate: () => "\\u{fffd}",
  wide: (code) => `\\u{${code.toString(16)}}`,
};

export function rubyString(text: string): string {
  return allPrintable(text) ? backslashSingleQuoted(text) : doubleQuoted(text, RULES);
}

/** A `#` comment line that stays one line whatever the text holds. */
export function rubyComment(text: string): string {
  return `# ${commentText(text)}`;
}

/** Ruby's data, for JSON.generate: hashes of `key => value` lines and arrays. */
export const RUBY_TREE: TreeSyntax = {
  indent: "  ",
  string: rubyString,
  scalar: (value: Scalar) => (value === null ? "nil" : typeof value === "number" ? finiteNumber(value) : String(value)),
  key: rubyString,
  member: (key, value) => `${key} => ${value}`,
  list: { open: "[", close: "]", empty: "[]" },
  map: () => ({ open: "{", close: "}", empty: "{}" }),
  commas: "trailing",
};

/** Ruby: the language's facts for every floor above (src/format/languages.ts lists it). */
export const RUBY_LANGUAGE = {
  label: "Ruby",
  aliases: ["rb"],
  fileName: "main.rb",
  comment: rubyComment,
  string: rubyString,
  tree: RUBY_TREE,
  libraryCode: false,
  highlight: "ruby",
  reserved: [
    ...["BEGIN", "END", "alias", "and", "begin", "break", "case", "class", "def", "defined?", "do", "else", "elsif", "end", "ensure"],
    ...["false", "for", "if", "in", "module", "next", "nil", "not", "or", "redo", "rescue", "retry", "return", "self", "super", "then"],
    ...["true", "undef", "unless", "until", "when", "while", "yield", "puts", "print", "require", "raise", "exit"],
  ],
  clients: { "net/http": { api: "http", folder: "net-http" } },
} as const satisfies LanguageDescriptor;
