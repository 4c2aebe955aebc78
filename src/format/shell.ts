import { hex2, holdsHidden, mustEscape, wtf8Bytes, commentText } from "./unicode.js";
import type { LanguageDescriptor } from "./language.js";

/** A character's bytes as `\xHH` escapes (a lone surrogate's as WTF-8): what bash's `$'...'` turns back into the same bytes in any locale. */
function byteEscapes(char: string): string {
  const code = char.codePointAt(0)!;
  const bytes = code >= 0xd800 && code <= 0xdfff ? wtf8Bytes(code) : [...Buffer.from(char, "utf8")];
  return bytes.map((byte) => `\\x${hex2(byte)}`).join("");
}

/**
 * Shell words for untrusted values: single quotes, inside which the shell
 * expands nothing; a `'` is written as `'\''` (close, escaped quote, reopen).
 * Text holding a character a reader must see (a bidirectional or C1 control,
 * a zero-width character: src/format/unicode.ts) is written in bash's
 * `$'...'` instead, where each such character is the escapes of its bytes.
 */
export function shellQuote(text: string): string {
  if (!holdsHidden(text)) return `'${text.replace(/'/g, "'\\''")}'`;
  let out = "$'";
  for (const char of text) {
    if (char === "\\" || char === "'") out += `\\${char}`;
    else out += mustEscape(char.codePointAt(0)!) ? byteEscapes(char) : char;
  }
  return `${out}'`;
}

/** A word that needs no quotes is left bare, for readability (`pip install torch`). */
export function shellWord(text: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(text) ? text : shellQuote(text);
}

/** A `#` comment line that stays one line whatever the text holds. */
export function shellComment(text: string): string {
  return `# ${commentText(text)}`;
}

/** The shell (bash): the language's facts for every floor above (src/format/languages.ts lists it). */
export const SHELL_LANGUAGE = {
  label: "Shell",
  aliases: ["shell", "bash", "curl"],
  fileName: "snippet.sh",
  comment: shellComment,
  string: shellQuote,
  libraryCode: true,
  highlight: "bash",
  reserved: [
    ...["if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do", "done", "in", "function", "time"],
    ...["cd", "echo", "exit", "export", "read", "set", "shift", "source", "test", "trap", "unset", "printf", "eval", "exec", "return"],
  ],
  clients: { curl: { api: "http", folder: "curl" } },
} as const satisfies LanguageDescriptor;
