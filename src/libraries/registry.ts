import { readdirSync } from "node:fs";
import { readCompiled } from "../catalogue/compiled.js";
import type { Library, LibraryCatalogue } from "../catalogue/schemas/library.js";
import type { LibrarySnippet } from "../catalogue/schemas/library-snippet.js";
import type { ModelData } from "../model/schema.js";
import type { LibraryRequest, LibrarySnippetGenerator } from "./generator.js";
import { hasGguf } from "../apps/gguf-files.js";
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
export async function librarySnippets(key: string, model: ModelData, request?: LibraryRequest): Promise<LibrarySnippet[] | undefined> {
  return (await loadSnippetGenerator(key))?.(model, request);
}

/*
 * GGUF is a file format, not a library of the hub's list: the hub shows
 * llama-cpp-python's code for GGUF repositories, and so does hubref, for
 * `library_name: gguf` and for a repository that names no library but holds
 * GGUF files.
 */
export const FORMAT_LIBRARIES = { gguf: "llama-cpp-python" } as const;
export type FormatKey = keyof typeof FORMAT_LIBRARIES;

export function isFormatKey(key: string): key is FormatKey {
  return Object.hasOwn(FORMAT_LIBRARIES, key.toLowerCase());
}

/** The library whose usage code a model gets: its library_name, or the one that runs its file format. */
export function libraryKeyOf(model: ModelData): string | undefined {
  const name = model.library_name;
  if (name === undefined || name === "") return hasGguf(model) ? FORMAT_LIBRARIES.gguf : undefined;
  return isFormatKey(name) ? FORMAT_LIBRARIES[name.toLowerCase() as FormatKey] : name;
}

/** The hub's query text for the files that count as downloads of this library's models. */
export function downloadRule(library: Library): { query: string; isDefault: boolean } {
  return { query: renderDownloadQuery(library.countDownloads ?? DEFAULT_DOWNLOAD_QUERY), isDefault: library.countDownloads === undefined };
}
