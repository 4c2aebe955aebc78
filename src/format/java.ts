import { hex4, mustEscape } from "./unicode.js";

/**
 * Java literals for untrusted values. Java turns `\uXXXX` into its character
 * before it reads the program, anywhere in the file: so every backslash of
 * the text is doubled (a `\u` then follows an even run of backslashes, which
 * is no escape), and characters are escaped as octal or as Unicode escapes of
 * characters that mean nothing to the lexer. Non-ASCII text is escaped too:
 * `java Main.java` on Java 17 reads the source in the platform's charset.
 */

const SIMPLE: Record<string, string> = { "\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

/** A double-quoted Java string literal, ASCII only. */
export function javaString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const simple = SIMPLE[char];
    if (simple !== undefined) {
      out += simple;
      continue;
    }
    const unit = char.charCodeAt(0);
    // Octal, three digits, so a following digit is not read into it; never \u000a and the like, which would end the literal.
    if (unit < 0x20 || unit === 0x7f) out += `\\${unit.toString(8).padStart(3, "0")}`;
    else if (unit < 0x7f) out += char;
    // UTF-16 units, lone surrogates included, as Java strings hold them.
    else out += `\\u${hex4(unit)}`;
  }
  return `${out}"`;
}

/** A `//` comment line that stays one line: no line break, and no backslash that could start a Unicode escape. */
export function javaComment(text: string): string {
  let out = "";
  for (const char of text.replace(/[\r\n\u2028\u2029\u0085]+/g, " ")) {
    const code = char.codePointAt(0)!;
    out += char === "\\" ? "\\\\" : code >= 0x7f || mustEscape(code) ? "?" : char;
  }
  return `// ${out}`;
}
