import { allPrintable, backslashSingleQuoted, doubleQuoted, type DoubleQuoteRules, commentText } from "./unicode.js";

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
