import { expect } from "vitest";
import type { z } from "zod";
import type { LibrarySnippet } from "../../src/libraries/generator.js";
import type { LibrarySnippetGenerator } from "../../src/libraries/generator.js";
import { libraryEntries, loadSnippetGenerator } from "../../src/libraries/registry.js";
import { ModelDataSchema, type ModelData } from "../../src/model/schema.js";
import { bashSyntaxErrors } from "./bash.js";
import { parsePython, type PythonCall, type PythonParse } from "./python.js";

/*
 * One harness for every library's usage snippets. Generators come from the
 * registry, as the CLI loads them; a test file queues all its models while
 * vitest collects it, and one `checkAll()` (in beforeAll) parses every Python
 * block in one python3 process and every shell block in one bash batch.
 */

export type ModelInput = z.input<typeof ModelDataSchema>;

export interface Generated {
  library: string;
  blocks: LibrarySnippet[];
  /** Python blocks as Python's parser sees them, in block order. */
  python: PythonParse[];
  /** bash -n's complaint per sh block, in block order; undefined when it parses. */
  shErrors: (string | undefined)[];
}

/** Every library with a usage-snippet generator, by registry key. */
export const LIBRARY_KEYS = libraryEntries()
  .filter((entry) => entry.hasSnippets)
  .map((entry) => entry.key);

const GENERATORS = new Map<string, LibrarySnippetGenerator>(
  await Promise.all(LIBRARY_KEYS.map(async (key) => [key, (await loadSnippetGenerator(key))!] as const)),
);

const pending: Generated[] = [];
/** Everything `checkAll` has parsed so far. */
export const checked: Generated[] = [];

/** A library's blocks for a model that has gone through the schema, as the CLI's would. */
export function generate(library: string, model: ModelInput): Generated {
  return generateFrom(library, ModelDataSchema.parse(model));
}

/** As `generate`, for metadata the schema would refuse (a hostile id): the generator's own defence is then what is tested. */
export function generateFrom(library: string, model: ModelData): Generated {
  const generator = GENERATORS.get(library);
  if (!generator) throw new Error(`no generator for ${library}`);
  const result: Generated = { library, blocks: generator(model), python: [], shErrors: [] };
  pending.push(result);
  return result;
}

/** Parses every queued Python and shell block, in two process launches. */
export function checkAll(): void {
  const batch = pending.splice(0);
  checked.push(...batch);
  const parsed = checkEachOnce(
    batch.flatMap((result) => ofLanguage(result, "python")),
    parsePython,
  );
  const shErrors = checkEachOnce(
    batch.flatMap((result) => ofLanguage(result, "sh")),
    bashSyntaxErrors,
  );
  for (const result of batch) {
    result.python = ofLanguage(result, "python").map((source) => parsed.get(source)!);
    result.shErrors = ofLanguage(result, "sh").map((source) => shErrors.get(source));
  }
}

/** Many models give a library the same code: each distinct source is checked once. */
function checkEachOnce<T>(sources: string[], check: (distinct: string[]) => T[]): Map<string, T> {
  const distinct = [...new Set(sources)];
  const results = check(distinct);
  return new Map(distinct.map((source, index) => [source, results[index]!]));
}

export function ofLanguage(result: Generated, language: LibrarySnippet["language"]): string[] {
  return result.blocks.filter((block) => block.language === language).map((block) => block.content);
}

export const pythonCode = (result: Generated): string => ofLanguage(result, "python").join("\n");
export const shellCode = (result: Generated): string => ofLanguage(result, "sh").join("\n");
export const lines = (result: Generated): string[] => result.blocks.flatMap((block) => block.content.split("\n"));

/** Every Python block parses and every shell block passes bash -n. */
export function expectSound(result: Generated, label = result.library): void {
  result.python.forEach((parse, index) => {
    expect(parse, `${label}: python block ${index}`).toMatchObject({ ok: true });
  });
  result.shErrors.forEach((error, index) => {
    expect(error, `${label}: sh block ${index}`).toBeUndefined();
  });
}

/** The snippet has Python, and all of it parses. */
export function expectPythonParses(result: Generated): void {
  expect(result.python.length, `${result.library}: python blocks`).toBeGreaterThan(0);
  parsed(result);
}

function parsed(result: Generated): Extract<PythonParse, { ok: true }>[] {
  return result.python.map((parse) => {
    if (!parse.ok) throw new Error(`${result.library}: generated Python does not parse: ${parse.error}`);
    return parse;
  });
}

export function calls(result: Generated): PythonCall[] {
  return parsed(result).flatMap((parse) => parse.calls);
}

export function strings(result: Generated): string[] {
  return parsed(result).flatMap((parse) => parse.strings);
}

/** The first call of `func`; fails the test when the snippet makes no such call. */
export function call(result: Generated, func: string): PythonCall {
  const found = calls(result).find((candidate) => candidate.func === func);
  if (!found)
    throw new Error(
      `${result.library}: no call to ${func}; calls: ${calls(result)
        .map((candidate) => candidate.func)
        .join(", ")}`,
    );
  return found;
}
