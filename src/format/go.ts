import { doubleQuoted, hex2, hex4, wtf8Bytes, type DoubleQuoteRules, commentText } from "./unicode.js";

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
