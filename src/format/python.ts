import { finiteNumber, writeTree, type Scalar, type TreeSyntax } from "./tree.js";
import { hex2, hex4, mustEscape, commentText } from "./unicode.js";
import type { LanguageDescriptor, Lexicon, StringForm } from "./language.js";

/**
 * Python literals for untrusted values. Every string from model metadata or
 * user input reaches Python code through these functions.
 */

function escapeChar(char: string, quote: string): string {
  switch (char) {
    case "\\":
      return "\\\\";
    case "\n":
      return "\\n";
    case "\r":
      return "\\r";
    case "\t":
      return "\\t";
    case quote:
      return `\\${quote}`;
  }
  const code = char.codePointAt(0)!;
  // Control characters, and what a reader must see that Python would keep raw (src/format/unicode.ts).
  if (code < 0x20 || code === 0x7f) return `\\x${hex2(code)}`;
  if (mustEscape(code)) return `\\u${hex4(code)}`;
  return char;
}

/** A Python string literal: double-quoted unless the text holds more `"` than `'`. */
/** Text that needs no escape in a double-quoted literal: printable ASCII without `"` or `\`. Most values are. */
const PLAIN_DOUBLE_QUOTED = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

export function pyString(text: string): string {
  // The loop below would give the same: double quotes (no more `"` than `'`), every character as it is.
  if (PLAIN_DOUBLE_QUOTED.test(text)) return `"${text}"`;
  const doubles = text.split('"').length;
  const singles = text.split("'").length;
  const quote = doubles > singles ? "'" : '"';
  let out = quote;
  for (const char of text) out += escapeChar(char, quote);
  return out + quote;
}

/** Python's data: dict, list, str, int/float, True, False, None. */
export const PYTHON_TREE: TreeSyntax = {
  indent: "    ",
  string: pyString,
  scalar: (value: Scalar) => (value === null ? "None" : typeof value === "boolean" ? (value ? "True" : "False") : finiteNumber(value)),
  key: pyString,
  member: (key, value) => `${key}: ${value}`,
  list: { open: "[", close: "]", empty: "[]" },
  map: () => ({ open: "{", close: "}", empty: "{}" }),
  commas: "trailing",
};

/**
 * Any JSON value as a Python expression. With `indent`, containers spread over
 * lines, nested by `indent` spaces from `baseIndent`.
 */
export function pyValue(value: unknown, indent = 4, baseIndent = 0): string {
  return writeTree({ ...PYTHON_TREE, indent: " ".repeat(indent) }, value, " ".repeat(baseIndent));
}

/** A `#` comment line that stays one line whatever the text holds. */
export function pyComment(text: string): string {
  return `# ${commentText(text)}`;
}

const F_STRINGS: readonly StringForm[] = ['"""', "'''", '"', "'"].map((quote) => ({
  open: quote,
  close: quote,
  escapes: true,
  interpolation: { open: "{", literal: "{{" },
}));

/** Python's literals: single- and triple-quoted strings, and f-strings, whose `{...}` is code (`{{` is a brace). */
const PYTHON_LEXICON: Lexicon = {
  lineComment: "#",
  strings: ['"""', "'''", '"', "'"].map((quote) => ({ open: quote, close: quote, escapes: true })),
  prefixed: { f: F_STRINGS, rf: F_STRINGS, fr: F_STRINGS },
};

/** Python: the language's facts for every floor above (src/format/languages.ts lists it). */
export const PYTHON_LANGUAGE = {
  label: "Python",
  aliases: ["py", "python3"],
  fileName: "snippet.py",
  comment: pyComment,
  string: pyString,
  tree: PYTHON_TREE,
  libraryCode: true,
  highlight: "python",
  reserved: [
    ...["False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else"],
    ...["except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise"],
    ...["return", "try", "while", "with", "yield", "_", "case", "match", "type"],
    ...["print", "len", "range", "dict", "list", "str", "int", "float", "bool", "open", "id", "object", "next", "sorted", "enumerate"],
  ],
  lexicon: PYTHON_LEXICON,
  clients: {
    huggingface_hub: { api: "hub", folder: "huggingface_hub" },
    requests: { api: "http", folder: "requests" },
    openai: { api: "chat", folder: "openai" },
    fal_client: { api: "sdk", folder: "fal_client" },
  },
} as const satisfies LanguageDescriptor;
