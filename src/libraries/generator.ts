import type { LibrarySnippet, SnippetLanguage } from "../catalogue/schemas/library-snippet.js";
import type { ModelData } from "../model/schema.js";
import { pyComment } from "../format/python.js";
import { jsComment } from "../format/js.js";
import { shellComment } from "../format/shell.js";

/**
 * Usage code for a model of one library, built from its metadata. Every string
 * taken from `model` goes into code through a literal formatter of
 * src/format/ (pyString, jsString, shellQuote); nothing is spliced in raw.
 */
export type LibrarySnippetGenerator = (model: ModelData) => LibrarySnippet[];

export const python = (content: string): LibrarySnippet => ({ language: "python", content });
export const sh = (content: string): LibrarySnippet => ({ language: "sh", content });
export const js = (content: string): LibrarySnippet => ({ language: "js", content });
export const text = (content: string): LibrarySnippet => ({ language: "text", content });

/** A placeholder written as a comment of the snippet's language. */
export function comment(language: SnippetLanguage, message: string): string {
  if (language === "python") return pyComment(message);
  if (language === "js") return jsComment(message);
  if (language === "sh") return shellComment(message);
  return message;
}

/** The base model named in the model card: the first when it lists several. */
export function baseModelOf(model: ModelData): string | undefined {
  const base = model.cardData?.base_model;
  return Array.isArray(base) ? base[0] : base;
}

export function hasTag(model: ModelData, tag: string): boolean {
  return model.tags.includes(tag);
}
