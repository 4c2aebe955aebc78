import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/*
 * docs/api.md's reference and the library's exports, kept in step: every
 * function, every option of every options type and every type the package
 * exports is listed there, and nothing is listed that it does not export.
 * The exports are read by the TypeScript compiler from src/api/index.ts,
 * the file tsc writes dist/api/index.d.ts from.
 */

const ENTRY = "src/api/index.ts";

interface Exported {
  functions: string[];
  types: string[];
  /** Each options type's properties. */
  options: Map<string, string[]>;
}

function exported(): Exported {
  const program = ts.createProgram([ENTRY], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(ENTRY)!)!;
  const result: Exported = { functions: [], types: [], options: new Map() };
  for (const symbol of checker.getExportsOfModule(module)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (target.flags & ts.SymbolFlags.Value) {
      result.functions.push(symbol.name);
      continue;
    }
    result.types.push(symbol.name);
    if (/(Options|Filters)$/.test(symbol.name))
      result.options.set(
        symbol.name,
        checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(target)).map((property) => property.name),
      );
  }
  return result;
}

interface Documented {
  functions: string[];
  types: string[];
  options: Map<string, string[]>;
}

/** The reference section of docs/api.md: its functions table, a table per options type, and the list of types. */
function documented(): Documented {
  const text = readFileSync("docs/api.md", "utf8");
  const reference = text.slice(text.indexOf("\n## Reference\n"));
  const sections = reference.split(/\n### /).slice(1);
  const result: Documented = { functions: [], types: [], options: new Map() };
  for (const section of sections) {
    const [heading, ...body] = section.split("\n");
    const rows = body.filter((line) => line.startsWith("| `")).map((line) => /^\| `([^`(]+)/.exec(line)![1]!);
    if (heading === "Functions") result.functions = rows;
    else if (heading === "Types") result.types = [...body.join(" ").matchAll(/`(\w+)`/g)].map((match) => match[1]!);
    else result.options.set(/^`(\w+)`$/.exec(heading!)![1]!, rows);
  }
  return result;
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

describe("docs/api.md's reference", () => {
  const code = exported();
  const docs = documented();

  it("reads exports (a check over nothing would pass)", () => {
    expect(code.functions).toContain("inferenceSnippets");
    expect(code.options.get("FileOptions")).toContain("hub");
    expect(docs.functions.length).toBeGreaterThan(10);
  });

  it("lists every exported function, and none that is not", () => {
    expect(sorted(docs.functions)).toEqual(sorted(code.functions));
  });

  it("lists every options type with every option, and none that is not", () => {
    expect(sorted(docs.options.keys())).toEqual(sorted(code.options.keys()));
    for (const [name, properties] of code.options) expect(sorted(docs.options.get(name) ?? []), name).toEqual(sorted(properties));
  });

  it("lists every exported type, and none that is not", () => {
    expect(sorted(docs.types)).toEqual(sorted(code.types));
  });
});
