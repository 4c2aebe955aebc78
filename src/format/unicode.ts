/*
 * Characters a literal must not hold raw even where the language would
 * accept them: they end or reorder lines for a reader or an editor (line and
 * paragraph separators, NEL, bidirectional controls, the byte-order mark) or
 * are half of a surrogate pair with no other half.
 */

/** Whether a code point is written as an escape in every language's literal, never raw. */
export function mustEscape(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff ||
    (code >= 0xd800 && code <= 0xdfff)
  );
}

/** Whether text can sit in a literal as it is, apart from the quote and backslash each language escapes. */
export function allPrintable(text: string): boolean {
  for (const char of text) if (mustEscape(char.codePointAt(0)!)) return false;
  return true;
}

/** A lone surrogate's bytes as UTF-8 would have them (WTF-8): what a byte-string language can hold of it. */
export function wtf8Bytes(code: number): number[] {
  return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
}

export const hex2 = (n: number) => n.toString(16).padStart(2, "0");
export const hex4 = (n: number) => n.toString(16).padStart(4, "0");

/** How one language writes the characters of a double-quoted literal that are not left as they are. */
export interface DoubleQuoteRules {
  /** Characters with a short escape of their own: the quote, the backslash, what would interpolate. */
  simple: Readonly<Record<string, string>>;
  /** A lone surrogate, which no escape of the language names as it is. */
  surrogate: (code: number) => string;
  /** Any other character `mustEscape` keeps out, from U+0080 up (below it, every language takes `\xHH`). */
  wide: (code: number) => string;
}

/** `text` as a double-quoted literal (Go, Ruby, PHP): each character as it is, or as the rules escape it. */
export function doubleQuoted(text: string, rules: DoubleQuoteRules): string {
  let out = '"';
  for (const char of text) {
    const simple = rules.simple[char];
    if (simple !== undefined) {
      out += simple;
      continue;
    }
    const code = char.codePointAt(0)!;
    if (!mustEscape(code)) out += char;
    else if (code < 0x80) out += `\\x${hex2(code)}`;
    else if (code >= 0xd800 && code <= 0xdfff) out += rules.surrogate(code);
    else out += rules.wide(code);
  }
  return `${out}"`;
}

/** A single-quoted literal that knows two escapes, `\\` and `\'`, and interpolates nothing (Ruby, PHP). */
export function backslashSingleQuoted(text: string): string {
  return `'${text.replace(/[\\']/g, (char) => `\\${char}`)}'`;
}
