import { allPrintable, hex2, mustEscape } from "./unicode.js";

/**
 * PHP literals for untrusted values. Single-quoted strings interpolate
 * nothing (`$var` and `{$x}` are text) and know two escapes, `\\` and `\'`.
 * Text with a control character goes in double quotes, fully escaped, `$`
 * included. Never a heredoc, whose terminator the text could hold, and never
 * a comment, which `?>` would end.
 */

function singleQuoted(text: string): string {
  return `'${text.replace(/[\\']/g, (char) => `\\${char}`)}'`;
}

const SIMPLE: Record<string, string> = { "\\": "\\\\", '"': '\\"', $: "\\$", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function doubleQuoted(text: string): string {
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
    // A lone surrogate is no character, and json_encode refuses the bytes UTF-8 would give it: its replacement is sent.
    else if (code >= 0xd800 && code <= 0xdfff) out += "\\u{fffd}";
    else out += `\\u{${code.toString(16)}}`;
  }
  return `${out}"`;
}

export function phpString(text: string): string {
  return allPrintable(text) ? singleQuoted(text) : doubleQuoted(text);
}

/** A `//` comment line; `?>` would leave PHP mode even there, so it is broken up. */
export function phpComment(text: string): string {
  return `// ${text.replace(/[\r\n\u2028\u2029\u0085]+/g, " ").replace(/\?>/g, "? >")}`;
}
