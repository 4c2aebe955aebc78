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
