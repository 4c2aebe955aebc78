import type { Lexicon, StringForm } from "../../format/language.js";

/*
 * The names a rendered program's code uses, read off the program itself: a
 * program's imports follow from them (Go's compiler refuses an unused one, and
 * the tests' checkers refuse one in every language). Literals and comments are
 * left out first, so text from the hub (which reaches code only inside them,
 * through the literal formatters) cannot make a program import anything; the
 * code inside an interpolation (`${...}`, an f-string's `{...}`) is code.
 *
 * Every snippet is read once as it is made, so the scan is one pass of the
 * regular-expression engine: one pattern matches each comment and literal
 * whole (a literal holding code with that code's own literals, two brace
 * levels deep, enough for any program the templates write), and only a
 * literal that holds code is looked into again.
 */

const escaped = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");

/** A letter of either case: Python's prefixes are (`f"..."`, `F"..."`, `rf"..."`). */
const eitherCase = (text: string) => [...text].map((letter) => `[${letter.toLowerCase()}${letter.toUpperCase()}]`).join("");

/** Code inside an interpolation: anything but braces, or one level of braces inside. */
const INTERPOLATED = "(?:[^{}]|\\{[^{}]*\\})*";

/**
 * A form's body up to its close: escapes, interpolations whole (their code in a group, with `capture`),
 * literal braces, and runs of other characters (a character class, the fastest pattern the engine has).
 */
function body(form: StringForm, capture: boolean): string {
  const pieces = form.escapes ? ["\\\\[\\s\\S]"] : [];
  const interpolation = form.interpolation;
  const specials = [form.close, ...(form.escapes ? ["\\"] : []), ...(interpolation === undefined ? [] : [interpolation.open])];
  if (interpolation !== undefined) {
    if (interpolation.literal !== undefined) pieces.push(escaped(interpolation.literal));
    pieces.push(`${escaped(interpolation.open)}${capture ? `(${INTERPOLATED})` : INTERPOLATED}\\}`);
  }
  // A longer close (Python's triple quote) or opening (`${`): its first character, where the rest does not follow.
  for (const special of specials) if (special.length > 1) pieces.push(`${escaped(special[0]!)}(?!${escaped(special.slice(1))})`);
  pieces.push(`[^${[...new Set(specials.map((special) => special[0]!))].map(escaped).join("")}]+`);
  return `(?:${pieces.join("|")})*`;
}

/**
 * One lexicon's patterns. `whole` matches each comment and literal whole, a literal that holds code in group
 * 1; `holding` matches only such literals, and `interpolations` finds their code (in group 1) in one.
 */
interface Scanner {
  whole: RegExp;
  holding?: { literal: RegExp; interpolations: readonly { opening: RegExp; code: RegExp }[] };
}

const SCANNERS = new WeakMap<Lexicon, Scanner>();

function scannerOf(lexicon: Lexicon): Scanner {
  const known = SCANNERS.get(lexicon);
  if (known !== undefined) return known;
  const plain = [`${escaped(lexicon.lineComment)}[^\\n]*`];
  const block = lexicon.blockComment;
  if (block !== undefined) {
    // Runs of what cannot start the close, or its first character where the rest does not follow.
    const [first, rest] = [escaped(block.close[0]!), escaped(block.close.slice(1))];
    plain.push(`${escaped(block.open)}(?:[^${first}]+|${first}(?!${rest}))*(?:${escaped(block.close)}|$)`);
  }
  const holding: string[] = [];
  const interpolations: { opening: RegExp; code: RegExp }[] = [];
  const literal = (opening: string, form: StringForm) => {
    const whole = `${opening}${body(form, false)}(?:${escaped(form.close)}|$)`;
    if (form.interpolation === undefined) plain.push(whole);
    else {
      holding.push(whole);
      interpolations.push({ opening: new RegExp(`^${opening}`), code: new RegExp(body(form, true).slice(3, -2), "g") });
    }
  };
  for (const [prefix, prefixed] of Object.entries(lexicon.prefixed ?? {})) {
    // The prefix first, then that no letter stands before it: a pattern that opens with a character is tried only where that character is.
    for (const form of prefixed) literal(`${eitherCase(prefix)}(?<![\\w$]${".".repeat(prefix.length)})${escaped(form.open)}`, form);
  }
  for (const form of lexicon.strings) literal(escaped(form.open), form);
  const scanner: Scanner =
    holding.length === 0
      ? { whole: new RegExp(plain.join("|"), "g") }
      : {
          whole: new RegExp(`${plain.join("|")}|(${holding.join("|")})`, "g"),
          holding: { literal: new RegExp(holding.join("|"), "g"), interpolations },
        };
  SCANNERS.set(lexicon, scanner);
  return scanner;
}

/**
 * The program with its literals and comments blanked out (each a space), the code left as it is. A literal
 * that holds code is kept in the first pass and read in a second, where nothing else can hide it any more.
 */
export function codeOnly(program: string, lexicon: Lexicon): string {
  const scanner = scannerOf(lexicon);
  const holding = scanner.holding;
  if (holding === undefined) return program.replace(scanner.whole, " ");
  return program.replace(scanner.whole, " $1").replace(holding.literal, (literal) => {
    const form = holding.interpolations.find((candidate) => candidate.opening.test(literal))!;
    let code = " ";
    for (const [, interpolated] of literal.matchAll(form.code)) if (interpolated !== undefined) code += `${codeOnly(interpolated, lexicon)} `;
    return code;
  });
}

/**
 * The text with its literals and comments blanked character for character (a newline stays one, the code of
 * an interpolation stays where it is): where the build reads the uses of a template's own code from.
 */
export function codeInPlace(text: string, lexicon: Lexicon): string {
  const scanner = scannerOf(lexicon);
  return text.replace(scanner.whole, (token: string, held: unknown) => {
    const blank = token.replace(/[^\n]/g, " ");
    const form = typeof held === "string" ? scanner.holding?.interpolations.find((candidate) => candidate.opening.test(token)) : undefined;
    if (form === undefined) return blank;
    let kept = blank;
    for (const match of token.matchAll(new RegExp(form.code.source, "gd"))) {
      const span = match.indices?.[1];
      if (span === undefined) continue;
      kept = kept.slice(0, span[0]) + codeInPlace(match[1]!, lexicon) + kept.slice(span[1]);
    }
    return kept;
  });
}

const NAME_OR_MEMBER = /[\w.$]/;
const NAME = /[\w$]/;

/**
 * What a language's programs import, read off their code: each use as the code writes it (`fmt.` of
 * `fmt.Println`, `Path(`), with what imports it, and how a program gets its import lines.
 */
export interface ImportRule {
  lexicon: Lexicon;
  uses: readonly (readonly [use: string, imported: string])[];
  /** The import lines for `imported` (sorted, each once), as they stand where the template says (`<%~ imports %>`). */
  write(imported: readonly string[]): string;
}

/**
 * The positions in `code` where each use of `rule` stands, by its index in `rule.uses`. A use stands alone:
 * not the end of a longer name, nor a member of something (`response.json()`, `Json.Map`), and a use that
 * ends in a letter (`Map`) is not the start of a longer name. Each is looked for by indexOf, the fastest
 * search there is.
 */
export function positionsOfUses(code: string, rule: ImportRule): { use: number; at: number }[] {
  const found: { use: number; at: number }[] = [];
  rule.uses.forEach(([name], use) => {
    const open = !NAME.test(name.at(-1)!);
    for (let at = code.indexOf(name); at !== -1; at = code.indexOf(name, at + 1)) {
      if (at > 0 && NAME_OR_MEMBER.test(code[at - 1]!)) continue;
      if (!open && at + name.length < code.length && NAME.test(code[at + name.length]!)) continue;
      found.push({ use, at });
    }
  });
  return found;
}

const QUICK = new WeakMap<ImportRule, RegExp>();

/** Whether a text names any use of the rule at all, in code or not: most printed values name none. */
function quickOf(rule: ImportRule): RegExp {
  let quick = QUICK.get(rule);
  if (quick === undefined) {
    quick = new RegExp(rule.uses.map(([name]) => escaped(name)).join("|"));
    QUICK.set(rule, quick);
  }
  return quick;
}

/**
 * The uses a program's code makes, gathered as its template renders: the template's own code says its
 * uses piece by piece (a mask of bits, one per use of the rule, which the build read off each piece of
 * text), and each value it prints where code stands is read here, when it names a use at all.
 */
export class Uses {
  mask = 0;
  /** What the template wrote before its import lines, and what follows them when there are any. */
  #head: string | undefined;
  #after = "";
  readonly #quick: RegExp | undefined;

  constructor(private readonly rule: ImportRule | undefined) {
    this.#quick = rule === undefined ? undefined : quickOf(rule);
  }

  /** A value printed where code stands, with its uses counted. */
  code<T extends string | number>(value: T): T {
    if (typeof value === "string" && this.#quick?.test(value)) {
      for (const { use } of positionsOfUses(codeOnly(value, this.rule!.lexicon), this.rule!)) this.mask |= 1 << use;
    }
    return value;
  }

  /** Where the import lines go: `head` is what was written before them. */
  slot(head: string, after: string): void {
    if (this.#head !== undefined) throw new Error("a template writes its import lines once");
    this.#head = head;
    this.#after = after;
  }

  /** The program: its head, the import lines of what its code uses, the rest (joined, never cut, so that no text is copied). */
  program(rest: string): string {
    if (this.#head === undefined) return rest;
    const lines = this.rule === undefined ? "" : this.rule.write(this.imported());
    return lines === "" ? this.#head + rest : this.#head + lines + this.#after + rest;
  }

  /** What the uses import, sorted, each once. */
  imported(): string[] {
    const rule = this.rule;
    if (rule === undefined || this.mask === 0) return [];
    const imported = new Set<string>();
    rule.uses.forEach(([, line], use) => {
      if ((this.mask & (1 << use)) !== 0) imported.add(line);
    });
    return [...imported].sort();
  }
}
