/*
 * The names a rendered program's code uses, read off the program itself: a
 * Go or Java program's imports follow from them. Literals and comments are
 * left out first, so text from the hub (which reaches code only inside them,
 * through the literal formatters) cannot make a program import anything.
 */

/** How a C-like language writes what is not code: its string and character literals, and its comments. */
export interface Lexicon {
  /** Quote characters whose literals take `\` escapes (`"`, `'`). */
  escaped: readonly string[];
  /** Quote characters whose literals take no escapes (Go's backquoted raw strings). */
  raw: readonly string[];
}

/** The program with its literals and comments blanked out (each a space), the code left as it is. */
export function codeOnly(program: string, lexicon: Lexicon): string {
  let out = "";
  let at = 0;
  while (at < program.length) {
    const char = program[at]!;
    const next = program[at + 1];
    if (char === "/" && next === "/") {
      const end = program.indexOf("\n", at);
      at = end === -1 ? program.length : end;
      out += " ";
    } else if (char === "/" && next === "*") {
      const end = program.indexOf("*/", at + 2);
      at = end === -1 ? program.length : end + 2;
      out += " ";
    } else if (lexicon.escaped.includes(char) || lexicon.raw.includes(char)) {
      const escapes = lexicon.escaped.includes(char);
      at++;
      while (at < program.length && program[at] !== char) at += escapes && program[at] === "\\" ? 2 : 1;
      at++;
      out += " ";
    } else {
      out += char;
      at++;
    }
  }
  return out;
}

/** What the names `pattern` finds in the code (its first group) import, by `known`, sorted; a name `known` lacks imports nothing. */
export function usedImports(code: string, pattern: RegExp, known: ReadonlyMap<string, string>): string[] {
  const used = new Set<string>();
  for (const match of code.matchAll(pattern)) {
    const imported = known.get(match[1]!);
    if (imported !== undefined) used.add(imported);
  }
  return [...used].sort();
}
