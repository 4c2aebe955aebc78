/*
 * Characters a literal must not hold raw even where the language would
 * accept them: they end or reorder lines for a reader or an editor (line and
 * paragraph separators, NEL, bidirectional controls, the byte-order mark) or
 * are half of a surrogate pair with no other half.
 */

export const hex2 = (n: number) => n.toString(16).padStart(2, "0");
export const hex4 = (n: number) => n.toString(16).padStart(4, "0");

/** The code points every language's literal writes as an escape, never raw, as inclusive ranges. */
const ESCAPED_RANGES: readonly (readonly [number, number])[] = [
  [0x00, 0x1f], // C0 controls
  [0x7f, 0x9f], // DEL and C1 controls (NEL among them)
  [0x200b, 0x200f], // zero-width characters, left-to-right and right-to-left marks
  [0x2028, 0x2029], // line and paragraph separators
  [0x202a, 0x202e], // bidirectional embeddings and overrides
  [0x2066, 0x2069], // bidirectional isolates
  [0xfeff, 0xfeff], // byte-order mark
  [0xd800, 0xdfff], // surrogates (a paired one is never seen alone: callers walk code points)
];

/** Whether a code point is written as an escape in every language's literal, never raw. */
export function mustEscape(code: number): boolean {
  // Printable ASCII, nearly every character asked about, is in no range.
  if (code >= 0x20 && code < 0x7f) return false;
  for (const [first, last] of ESCAPED_RANGES) if (code >= first && code <= last) return true;
  return false;
}

/**
 * What JSON.stringify leaves raw of ESCAPED_RANGES: it escapes C0 controls and lone surrogates itself, and a
 * surrogate pair is one character (an emoji), so those ranges are left out.
 */
const RAW_IN_JSON_CLASS = `[${ESCAPED_RANGES.filter(([first]) => first !== 0x00 && first !== 0xd800)
  .map(([first, last]) => `\\u${hex4(first)}-\\u${hex4(last)}`)
  .join("")}]`;
const HOLDS_RAW_IN_JSON = new RegExp(RAW_IN_JSON_CLASS);
const EVERY_RAW_IN_JSON = new RegExp(RAW_IN_JSON_CLASS, "g");

/**
 * JSON text (or JavaScript, whose string escapes JSON's are) with the characters JSON.stringify leaves raw
 * that must not be, written as `\uXXXX`. They can only be inside strings, so the value is unchanged.
 */
function escapeRawInJson(json: string): string {
  return HOLDS_RAW_IN_JSON.test(json) ? json.replace(EVERY_RAW_IN_JSON, (char) => `\\u${hex4(char.charCodeAt(0))}`) : json;
}

/**
 * Whether text holds a character that single quotes (a shell's), or JSON.stringify, would leave raw and a
 * reader must see: a bidirectional or C1 control, a zero-width character, a line separator.
 */
export function holdsHidden(text: string): boolean {
  return HOLDS_RAW_IN_JSON.test(text);
}

/** A string as JSON text: JSON.stringify's, with every character mustEscape keeps out escaped. */
export function jsonString(text: string): string {
  return escapeRawInJson(JSON.stringify(text));
}

/**
 * Text for a one-line comment: line breaks of every kind become a space, and any other character mustEscape
 * keeps out of literals (a bidirectional control, an escape character) is shown as `\uXXXX` text, since a
 * comment has no escapes and code is read on a screen.
 */
export function commentText(text: string): string {
  let out = "";
  for (const char of text.replace(/[\r\n\u2028\u2029\u0085]+/g, " ")) {
    const code = char.codePointAt(0)!;
    out += char !== "\t" && mustEscape(code) ? `\\u${hex4(code)}` : char;
  }
  return out;
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
