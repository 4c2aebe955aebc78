import { readdirSync } from "node:fs";
import { readCompiled } from "../catalogue/compiled.js";
import type { Library, LibraryCatalogue } from "../build/schemas/library.js";
import type { LibrarySnippet } from "./generator.js";
import type { ModelData } from "../model/schema.js";
import type { LibrarySnippetGenerator } from "./generator.js";
import { importFile } from "../util/import-file.js";
import { DEFAULT_DOWNLOAD_QUERY, renderDownloadQuery } from "./download-query.js";

/*
 * Each library's generator lives in snippets/<file>.js, named from its key, so
 * adding a library means one catalogue entry and one file, and a command loads
 * only the generator it runs.
 */
const SNIPPETS_DIR = new URL("../libraries/snippets/", import.meta.url);

export interface LibraryEntry extends Library {
  key: string;
  hasSnippets: boolean;
}

/** The file (without extension) that holds a library's generator: `transformers.js` -> `transformers-js`. */
export function generatorFileName(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9-]/g, "-");
}

let generatorFiles: Map<string, string> | undefined;
/** Generator name -> file; .ts when running from source (tests), .js when compiled. */
function availableGeneratorFiles(): Map<string, string> {
  generatorFiles ??= new Map(
    readdirSync(SNIPPETS_DIR)
      .filter((file) => /\.(js|ts)$/.test(file) && !file.endsWith(".d.ts"))
      .map((file) => [file.replace(/\.(js|ts)$/, ""), file]),
  );
  return generatorFiles;
}

export function libraryCatalogue(): LibraryCatalogue {
  return readCompiled<LibraryCatalogue>("libraries");
}

export function hasSnippetGenerator(key: string): boolean {
  return Object.hasOwn(libraryCatalogue(), key) && availableGeneratorFiles().has(generatorFileName(key));
}

export function libraryEntries(): LibraryEntry[] {
  return Object.entries(libraryCatalogue()).map(([key, library]) => ({ key, ...library, hasSnippets: hasSnippetGenerator(key) }));
}

/** Loads a library's generator: the one function its file exports. */
export async function loadSnippetGenerator(key: string): Promise<LibrarySnippetGenerator | undefined> {
  if (!hasSnippetGenerator(key)) return undefined;
  const file = availableGeneratorFiles().get(generatorFileName(key))!;
  const module = (await importFile(new URL(file, SNIPPETS_DIR).href)) as Record<string, unknown>;
  const exported = Object.values(module).filter((value) => typeof value === "function");
  if (exported.length !== 1) throw new Error(`snippets/${generatorFileName(key)} must export exactly one generator`);
  return exported[0] as LibrarySnippetGenerator;
}

/** Usage snippets for a model of the given library; undefined when the library has no generator. */
export async function librarySnippets(key: string, model: ModelData): Promise<LibrarySnippet[] | undefined> {
  return (await loadSnippetGenerator(key))?.(model);
}

/** The hub's query text for the files that count as downloads of this library's models. */
export function downloadRule(library: Library): { query: string; isDefault: boolean } {
  return { query: renderDownloadQuery(library.countDownloads ?? DEFAULT_DOWNLOAD_QUERY), isDefault: library.countDownloads === undefined };
}
