import { finiteNumber, type Scalar, type TreeSyntax } from "./tree.js";
import { allPrintable, backslashSingleQuoted, doubleQuoted, type DoubleQuoteRules, commentText } from "./unicode.js";
import type { LanguageDescriptor } from "./language.js";

/**
 * PHP literals for untrusted values. Single-quoted strings interpolate
 * nothing (`$var` and `{$x}` are text) and know two escapes, `\\` and `\'`.
 * Text with a control character goes in double quotes, fully escaped, `$`
 * included. Never a heredoc, whose terminator the text could hold, and never
 * a comment, which `?>` would end.
 */

const RULES: DoubleQuoteRules = {
  simple: { "\\": "\\\\", '"': '\\"', $: "\\$", "\n": "\\n", "\r": "\\r", "\t": "\\t" },
  // A lone surrogate is no character, and json_encode refuses the bytes UTF-8 would give it: its replacement is sent.
  surrogate: () => "\\u{fffd}",
  wide: (code) => `\\u{${code.toString(16)}}`,
};

export function phpString(text: string): string {
  return allPrintable(text) ? backslashSingleQuoted(text) : doubleQuoted(text, RULES);
}

/** A `//` comment line; `?>` would leave PHP mode even there, so it is broken up. */
export function phpComment(text: string): string {
  return `// ${commentText(text).replace(/\?>/g, "? >")}`;
}

/** PHP makes an array key like `"7"` the integer 7. */
const INTEGER_KEY = /^(0|-?[1-9][0-9]*)$/;

const PHP_ARRAY = { open: "[", close: "]", empty: "(object) []" };
const PHP_OBJECT = { open: "(object) [", close: "]", empty: "(object) []" };

/**
 * PHP's data, for json_encode: arrays of `key => value` lines. A map json_encode would write as a list (empty,
 * or keyed 0, 1, ...) is cast with `(object)`.
 */
export const PHP_TREE: TreeSyntax = {
  indent: "    ",
  string: phpString,
  scalar: (value: Scalar) => (value === null ? "null" : typeof value === "number" ? finiteNumber(value) : String(value)),
  key: phpString,
  member: (key, value) => `${key} => ${value}`,
  list: { open: "[", close: "]", empty: "[]" },
  map: (keys) => (keys.some((key) => INTEGER_KEY.test(key)) ? PHP_OBJECT : PHP_ARRAY),
  commas: "trailing",
};

/** PHP (the command line): the language's facts for every floor above (src/format/languages.ts lists it). */
export const PHP_LANGUAGE = {
  label: "PHP",
  aliases: [],
  fileName: "main.php",
  comment: phpComment,
  string: phpString,
  tree: PHP_TREE,
  libraryCode: false,
  highlight: "php",
  reserved: [
    ...["abstract", "and", "array", "as", "break", "callable", "case", "catch", "class", "clone", "const", "continue", "declare"],
    ...["default", "do", "echo", "else", "elseif", "empty", "enddeclare", "endfor", "endforeach", "endif", "endswitch", "endwhile"],
    ...["eval", "exit", "extends", "final", "finally", "fn", "for", "foreach", "function", "global", "goto", "if", "implements"],
    ...["include", "include_once", "instanceof", "insteadof", "interface", "isset", "list", "match", "namespace", "new", "or", "print"],
    ...["private", "protected", "public", "readonly", "require", "require_once", "return", "static", "switch", "throw", "trait", "try"],
    ...["unset", "use", "var", "while", "xor", "yield"],
  ],
  clients: { curl: { api: "http", folder: "curl" } },
} as const satisfies LanguageDescriptor;
