import { hex2, hex4, mustEscape, wtf8Bytes } from "./unicode.js";

/**
 * Go literals for untrusted values: interpreted string literals, escaped as
 * strconv.Quote would (never a backquoted raw string, which a backquote in the
 * text would end). Every string from model metadata or user input reaches Go
 * code through this file.
 */

const SIMPLE: Record<string, string> = { "\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t" };

export function goString(text: string): string {
  let out = '"';
  for (const char of text) {
    const simple = SIMPLE[char];
    if (simple !== undefined) {
      out += simple;
      continue;
    }
    const code = char.codePointAt(0)!;
    if (!mustEscape(code)) out += char;
    else if (code < 0x80) out += `\\x${hex2(code)}`;
    // Go has no escape for a lone surrogate: its bytes are what a Go string can hold of it.
    else if (code >= 0xd800 && code <= 0xdfff)
      out += wtf8Bytes(code)
        .map((byte) => `\\x${hex2(byte)}`)
        .join("");
    else out += `\\u${hex4(code)}`;
  }
  return `${out}"`;
}

/** A `//` comment line that stays one line whatever the text holds. */
export function goComment(text: string): string {
  return `// ${text.replace(/[\r\n\u2028\u2029\u0085]+/g, " ")}`;
}
