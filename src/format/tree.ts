/*
 * The one writer of data trees as code, for every snippet language. A
 * language differs only in its `TreeSyntax`: how it writes a string, a
 * scalar, a key, and how a list or a map opens and closes. The layout is
 * shared: one item per line, each a level deeper than its container; items
 * end in a comma (Python, JS, Go, Ruby, PHP) or are separated by one (Java,
 * whose argument lists refuse a trailing comma).
 */

export type Scalar = number | boolean | null;

/** How a language writes a list or a map around its items. */
export interface Brackets {
  open: string;
  close: string;
  /** The container with no items. */
  empty: string;
}

export interface TreeSyntax {
  /** One level of indentation. */
  indent: string;
  string(text: string): string;
  scalar(value: Scalar): string;
  /** A map's member: its key as written by `key`, and its value already written. */
  member(key: string, value: string): string;
  key(key: string): string;
  list: Brackets;
  /** A map's brackets may depend on its keys (PHP casts a map whose keys read as integers). */
  map(keys: readonly string[]): Brackets;
  /** `trailing`: each item ends in a comma and the closing bracket has a line of its own; `separated`: commas between items, the bracket right after the last. */
  commas: "trailing" | "separated";
}

/**
 * Writes a value other than a plain string, scalar, list or map (a file the
 * snippet reads), or returns undefined to write it as data.
 */
export type SpecialNode = (value: object, prefix: string) => string | undefined;

/** Finite numbers only: JSON has no NaN or Infinity, and no language's literal for them means the same. */
export function finiteNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error("a JSON value cannot hold NaN or Infinity");
  return String(value);
}

/**
 * `value` as code. `prefix` is the indentation of the line the value's
 * closing bracket sits on; items go one `indent` deeper. Members whose value
 * is undefined are left out, as JSON leaves them out.
 */
export function writeTree(syntax: TreeSyntax, value: unknown, prefix = "", special?: SpecialNode): string {
  const write = (item: unknown, outer: string): string => {
    if (typeof item === "string") return syntax.string(item);
    if (item === null || item === undefined) return syntax.scalar(null);
    if (typeof item === "number" || typeof item === "boolean") return syntax.scalar(item);
    if (typeof item !== "object") throw new Error(`cannot write a ${typeof item} as a literal`);
    const own = special?.(item, outer);
    if (own !== undefined) return own;
    const inner = outer + syntax.indent;
    let brackets: Brackets;
    let lines: string[];
    if (Array.isArray(item)) {
      brackets = syntax.list;
      lines = item.map((element) => inner + write(element, inner));
    } else {
      const map = item as { readonly [key: string]: unknown };
      const keys: string[] = [];
      lines = [];
      for (const key in map) {
        const member = map[key];
        if (member === undefined || !Object.hasOwn(map, key)) continue;
        keys.push(key);
        lines.push(inner + syntax.member(syntax.key(key), write(member, inner)));
      }
      brackets = syntax.map(keys);
    }
    if (lines.length === 0) return brackets.empty;
    if (syntax.commas === "separated") return `${brackets.open}\n${lines.join(",\n")}${brackets.close}`;
    return `${brackets.open}\n${lines.join(",\n")},\n${outer}${brackets.close}`;
  };
  return write(value, prefix);
}

/** A map's own defined members as `key: value` lines (no comma), each indented by `prefix`: for splicing into a call's arguments. */
export function memberLines(syntax: TreeSyntax, map: { readonly [key: string]: unknown }, prefix: string, special?: SpecialNode): string[] {
  const lines: string[] = [];
  for (const key in map) {
    const member = map[key];
    if (member !== undefined && Object.hasOwn(map, key)) lines.push(prefix + syntax.member(syntax.key(key), writeTree(syntax, member, prefix, special)));
  }
  return lines;
}

/** Keys and values already written, as a map of one syntax: headers built from expressions. */
export function writtenEntries(syntax: TreeSyntax, entries: readonly (readonly [string, string])[], prefix = ""): string {
  const verbatim: TreeSyntax = { ...syntax, key: (key) => key, string: (text) => text };
  return writeTree(verbatim, Object.fromEntries(entries), prefix);
}
