/**
 * The one gate for hub text on its way to a terminal. Model ids, file names,
 * tags and messages come from people we do not know: an escape sequence in
 * them would move the cursor, recolour the screen, set the window title, write
 * the clipboard (OSC 52) or plant a link (OSC 8); a bidirectional override
 * would make text read differently from what it is. Every such character is
 * shown as a visible escape instead (`\x1b`, `\u202e`), so a person sees that
 * something odd is there, and the terminal acts on nothing.
 *
 * Escaping each control character on its own is enough for whole sequences:
 * CSI, OSC, DCS and the rest all start with ESC (or a C1 control), and a
 * sequence without its introducer is plain text.
 *
 * Piped and JSON output do not come here: a program reads those, and needs
 * the value as it is.
 */

/**
 * C0 controls, DEL, C1 controls (U+0080–U+009F: some terminals read U+009B
 * as CSI), the bidirectional marks, embeddings, overrides and isolates, and
 * the Unicode line and paragraph separators (which some terminals break on).
 */
const UNSAFE_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** The same, but a line feed and a tab pass: for text of several lines. */
const UNSAFE_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function visibleEscape(char: string): string {
  const named = NAMED[char];
  if (named !== undefined) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * One line for a terminal: a table cell, a note, a header. Line breaks and
 * tabs are shown as `\n`, `\r`, `\t`, so a file name with a newline keeps a
 * message on one line.
 */
export function terminalLine(text: string): string {
  return text.replace(UNSAFE_IN_LINE, visibleEscape);
}

/** Text of several lines for a terminal (printed commands, messages): line feeds and tabs kept, everything else as in terminalLine. */
export function terminalText(text: string): string {
  return text.replace(UNSAFE_IN_TEXT, visibleEscape);
}
