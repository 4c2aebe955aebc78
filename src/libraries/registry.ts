import { readCompiled } from "../catalogue/compiled.js";
import type { Library, LibraryCatalogue } from "../build/schemas/library.js";
import type { ModelData } from "../model/schema.js";
import type { LibraryRequest, LibrarySnippet, LibrarySnippetGenerator } from "./generator.js";
import { hasGguf, isGguf } from "../apps/gguf-files.js";
import { LIBRARY_GENERATORS, type LibraryWithGenerator } from "./generators.js";
import { DEFAULT_DOWNLOAD_QUERY, renderDownloadQuery } from "./download-query.js";

export interface LibraryEntry extends Library {
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

/** Weights other libraries load: a repository that holds any of these besides GGUF files is not GGUF only. */
const OTHER_WEIGHTS = /\.(safetensors|bin|pt|pth|ckpt|h5|keras|msgpack|onnx|npz|mlmodel|tflite)$/i;

/**
 * Whether the repository's weights are GGUF files only. Without a file list,
 * the header the hub read from a GGUF file (`gguf`) and no safetensors tag say so.
 */
export function ggufOnly(model: ModelData): boolean {
  if (!hasGguf(model)) return false;
  if (model.siblings) return !model.siblings.some((sibling) => !isGguf(sibling.rfilename) && OTHER_WEIGHTS.test(sibling.rfilename));
  return model.gguf !== undefined && !model.tags.includes("safetensors");
}

/**
 * The libraries whose usage code a model gets, in order: its library_name's,
 * then llama-cpp-python's when the repository also holds GGUF files. A
 * repository of GGUF files only gets llama-cpp-python's alone, whatever its
 * library_name says (unsloth's and bartowski's say transformers, whose code
 * could not load it: there is no config or weights for it).
 */
export function libraryKeysOf(model: ModelData): string[] {
  const name = model.library_name;
  if (name === undefined || name === "") return hasGguf(model) ? [FORMAT_LIBRARIES.gguf] : [];
  if (isFormatKey(name) || ggufOnly(model)) return [FORMAT_LIBRARIES.gguf];
  return hasGguf(model) && name !== FORMAT_LIBRARIES.gguf ? [name, FORMAT_LIBRARIES.gguf] : [name];
}

/** The library whose usage code a model gets first: its library_name's, or the one that runs its file format. */
export function libraryKeyOf(model: ModelData): string | undefined {
  return libraryKeysOf(model)[0];
}

/** The hub's query text for the files that count as downloads of this library's models. */
export function downloadRule(library: Library): { query: string; isDefault: boolean } {
  return { query: renderDownloadQuery(library.countDownloads ?? DEFAULT_DOWNLOAD_QUERY), isDefault: library.countDownloads === undefined };
}
