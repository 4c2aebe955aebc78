import type { Lexicon } from "../../format/language.js";

/*
 * The names a rendered program's code uses, read off the program itself: a
 * program's imports follow from them (Go's compiler refuses an unused one, and
 * the tests' checkers refuse one in every language). Literals and comments are
 * left out first, so text from the hub (which reaches code only inside them,
 * through the literal formatters) cannot make a program import anything; the
 * code inside an interpolation (`${...}`, an f-string's `{...}`) is code.
 */

/** The first characters of what may open a comment or a literal, or close a brace, in a lexicon's programs. */
const TRIGGERS = new WeakMap<Lexicon, ReadonlySet<string>>();

function triggersOf(lexicon: Lexicon): ReadonlySet<string> {
  let triggers = TRIGGERS.get(lexicon);
  if (triggers === undefined) {
    const opens = [lexicon.lineComment, lexicon.blockComment?.open, ...lexicon.strings.map((form) => form.open)];
    triggers = new Set(["{", "}", ...opens.flatMap((open) => (open === undefined ? [] : [open[0]!]))]);
    TRIGGERS.set(lexicon, triggers);
  }
  return triggers;
}

/** The prefix letters right before `at` (Python's `f` of `f"..."`), lower case, when they stand alone. */
function prefixBefore(program: string, at: number): string | undefined {
  let start = at;
  while (start > 0 && at - start < 2 && /[A-Za-z]/.test(program[start - 1]!)) start--;
  if (start === at || (start > 0 && /[\w$]/.test(program[start - 1]!))) return undefined;
  return program.slice(start, at).toLowerCase();
}

/**
 * Code (not literal, not comment) from `at`, until `until` closes at depth 0 or the program ends: the code,
 * its literals and comments each a space, and where it stopped.
 */
function scan(program: string, at: number, lexicon: Lexicon, until?: string): { code: string; end: number } {
  const triggers = triggersOf(lexicon);
  const parts: string[] = [];
  let run = at;
  let depth = 0;
  const skip = (to: number, inner = " ") => {
    parts.push(program.slice(run, at), inner);
    at = to;
    run = to;
  };
  while (at < program.length) {
    const char = program[at]!;
    if (!triggers.has(char)) {
      at++;
      continue;
    }
    if (char === "}" && until !== undefined && depth === 0) {
      parts.push(program.slice(run, at));
      return { code: parts.join(""), end: at + until.length };
    }
    if (char === "{" || char === "}") {
      depth += char === "{" ? 1 : -1;
      at++;
      continue;
    }
    if (program.startsWith(lexicon.lineComment, at)) {
      const end = program.indexOf("\n", at);
      skip(end === -1 ? program.length : end);
      continue;
    }
    const block = lexicon.blockComment;
    if (block !== undefined && program.startsWith(block.open, at)) {
      const end = program.indexOf(block.close, at + block.open.length);
      skip(end === -1 ? program.length : end + block.close.length);
      continue;
    }
    const prefix = lexicon.prefixed === undefined ? undefined : prefixBefore(program, at);
    const forms = [...((prefix !== undefined && lexicon.prefixed?.[prefix]) || []), ...lexicon.strings];
    const form = forms.find((candidate) => program.startsWith(candidate.open, at));
    if (form === undefined) {
      at++;
      continue;
    }
    let end = at + form.open.length;
    const inner: string[] = [" "];
    while (end < program.length && !program.startsWith(form.close, end)) {
      const interpolation = form.interpolation;
      if (interpolation?.literal !== undefined && program.startsWith(interpolation.literal, end)) end += interpolation.literal.length;
      else if (interpolation !== undefined && program.startsWith(interpolation.open, end)) {
        const code = scan(program, end + interpolation.open.length, lexicon, "}");
        inner.push(code.code, " ");
        end = code.end;
      } else end += form.escapes && program[end] === "\\" ? 2 : 1;
    }
    skip(end + form.close.length, inner.join(""));
  }
  parts.push(program.slice(run, at));
  return { code: parts.join(""), end: at };
}

/** The program with its literals and comments blanked out (each a space), the code left as it is. */
export function codeOnly(program: string, lexicon: Lexicon): string {
  return scan(program, 0, lexicon).code;
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
