import { readCompiled } from "../catalogue/compiled.js";
import type { Library, LibraryCatalogue } from "../build/schemas/library.js";
import type { ModelData } from "../model/schema.js";
import type { LibrarySnippet, LibrarySnippetGenerator } from "./generator.js";
import { LIBRARY_GENERATORS, type LibraryWithGenerator } from "./generators.js";
import { DEFAULT_DOWNLOAD_QUERY, renderDownloadQuery } from "./download-query.js";

interface LibraryEntry extends Library {
  key: string;
  hasSnippets: boolean;
}

function libraryCatalogue(): LibraryCatalogue {
  return readCompiled<LibraryCatalogue>("libraries");
}

export function hasSnippetGenerator(key: string): key is LibraryWithGenerator {
  return Object.hasOwn(LIBRARY_GENERATORS, key);
}

export function libraryEntries(): LibraryEntry[] {
  return Object.entries(libraryCatalogue()).map(([key, library]) => ({ key, ...library, hasSnippets: hasSnippetGenerator(key) }));
}

/** Loads a library's generator (src/libraries/generators.ts); undefined when it has none. */
export async function loadSnippetGenerator(key: string): Promise<LibrarySnippetGenerator | undefined> {
  return hasSnippetGenerator(key) ? LIBRARY_GENERATORS[key]() : undefined;
}

/** Usage snippets for a model of the given library; undefined when the library has no generator. */
export async function librarySnippets(key: string, model: ModelData): Promise<LibrarySnippet[] | undefined> {
  return (await loadSnippetGenerator(key))?.(model);
}

/** The hub's query text for the files that count as downloads of this library's models. */
export function downloadRule(library: Library): { query: string; isDefault: boolean } {
  return { query: renderDownloadQuery(library.countDownloads ?? DEFAULT_DOWNLOAD_QUERY), isDefault: library.countDownloads === undefined };
}
