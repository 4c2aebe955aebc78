/*
 * The one layout every code literal shares: a container spreads over lines,
 * one item per line, `indent` spaces deeper, each followed by a comma (valid
 * in Python, JS and TS); an empty one stays `[]` or `{}`.
 */

const SPACES = Array.from({ length: 33 }, (_, n) => " ".repeat(n));
const spaces = (n: number) => SPACES[n] ?? " ".repeat(n);

/** Writes one item at a depth; the caller's language decides how. */
type ItemWriter = (item: unknown, baseIndent: number) => string;

/** An object's own defined members as `key: value` lines, each starting with `baseIndent` spaces and without the comma. */
export function memberLines(object: { readonly [key: string]: unknown }, baseIndent: number, key: (key: string) => string, write: ItemWriter): string[] {
  const lines: string[] = [];
  const pad = spaces(baseIndent);
  for (const name in object) {
    const item = object[name];
    if (item !== undefined && Object.hasOwn(object, name)) lines.push(`${pad}${key(name)}: ${write(item, baseIndent)}`);
  }
  return lines;
}

/** An array or object over lines, nested `indent` spaces from `baseIndent`; `undefined` members are left out. */
export function spreadContainer(
  value: readonly unknown[] | { readonly [key: string]: unknown },
  baseIndent: number,
  indent: number,
  key: (key: string) => string,
  write: ItemWriter,
): string {
  const deeper = baseIndent + indent;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    let out = "";
    for (const item of value) out += `${spaces(deeper)}${write(item, deeper)},\n`;
    return `[\n${out}${spaces(baseIndent)}]`;
  }
  const lines = memberLines(value as { readonly [key: string]: unknown }, deeper, key, (item) => write(item, deeper));
  return lines.length === 0 ? "{}" : `{\n${lines.join(",\n")},\n${spaces(baseIndent)}}`;
}
