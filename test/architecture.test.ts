import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The layers, checked on the source: src/cli/ is the top floor (nothing
 * imports it), and no module imports itself through others. Type-only imports
 * count: a loop of types is still two files that must change together.
 */

const SRC = resolve("src");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*"(\.{1,2}\/[^"]+)"|import\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g;

/** Relative imports of a file, as src-relative paths of .ts/.tsx files. */
function importsOf(file: string, known: ReadonlySet<string>): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2]!;
    const base = resolve(dirname(file), specifier).replace(/\.js$/, "");
    const target = [`${base}.ts`, `${base}.tsx`].find((candidate) => known.has(candidate));
    // Bundles built at run time (mount.bundle.js) are not source files.
    if (target) found.push(target);
  }
  return found;
}

const files = sourceFiles(SRC);
const known = new Set(files);
const graph = new Map(files.map((file) => [file, importsOf(file, known)]));
const name = (file: string) => relative(SRC, file);

/** Every cycle's files, found by depth-first search (each reported once, from its first file met). */
function cycles(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next].map(name));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return found;
}

describe("architecture", () => {
  it("reads the import graph (a check over nothing would pass)", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get(join(SRC, "cli/program.ts"))?.length).toBeGreaterThan(0);
  });

  it("has no import loop", () => {
    expect(cycles().map((cycle) => cycle.join(" → "))).toEqual([]);
  });

  it("keeps src/cli/ on top: no file outside it imports it", () => {
    const cli = `${join(SRC, "cli")}/`;
    const offenders = [...graph].flatMap(([file, targets]) =>
      file.startsWith(cli) ? [] : targets.filter((target) => target.startsWith(cli)).map((target) => `${name(file)} → ${name(target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it("keeps src/cli/ to parsing and printing: code blocks come from src/blocks/, never from a generator", () => {
    // The generators below src/blocks/: a command that called one directly could show code the picker does not.
    const generators = ["inference/engine.ts", "apps/generate.ts", "libraries/generator.ts"].map((path) => join(SRC, path));
    const cli = `${join(SRC, "cli")}/`;
    const offenders = [...graph].flatMap(([file, targets]) =>
      file.startsWith(cli) ? targets.filter((target) => generators.includes(target)).map((target) => `${name(file)} → ${name(target)}`) : [],
    );
    expect(offenders).toEqual([]);
  });
});
