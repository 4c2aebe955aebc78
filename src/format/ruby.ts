import { allPrintable, hex2, mustEscape } from "./unicode.js";

/**
 * Ruby literals for untrusted values. Single-quoted strings interpolate
 * nothing (`#{}` is text) and know two escapes, `\\` and `\'`. Text with a
 * control character goes in double quotes, fully escaped, `#` included:
 * Ruby stops reading a program at a raw NUL, ^D or ^Z, so such characters
 * must not stand in the source as they are.
 */

function singleQuoted(text: string): string {
  return `'${text.replace(/[\\']/g, (char) => `\\${char}`)}'`;
}

const SIMPLE: Record<string, string> = { "\\": "\\\\", '"': '\\"', "#": "\\#", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

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
    // A lone surrogate is no character: \u{...} refuses it, so its replacement is sent.
    else if (code >= 0xd800 && code <= 0xdfff) out += "\\u{fffd}";
    else out += `\\u{${code.toString(16)}}`;
  }
  return `${out}"`;
}

export function rubyString(text: string): string {
  return allPrintable(text) ? singleQuoted(text) : doubleQuoted(text);
}

/** A `#` comment line that stays one line whatever the text holds. */
export function rubyComment(text: string): string {
  return `# ${text.replace(/[\r\n\u2028\u2029\u0085]+/g, " ")}`;
}
