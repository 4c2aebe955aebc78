import { GO_LANGUAGE } from "./go.js";
import { JAVA_LANGUAGE } from "./java.js";
import { JS_LANGUAGE } from "./js.js";
import { PHP_LANGUAGE } from "./php.js";
import { PYTHON_LANGUAGE } from "./python.js";
import { RUBY_LANGUAGE } from "./ruby.js";
import { SHELL_LANGUAGE } from "./shell.js";
import type { LanguageDescriptor } from "./language.js";

export type { ClientApi, ClientDescriptor, LanguageDescriptor } from "./language.js";

/*
 * Every snippet language, each from its own module (python.ts ... php.ts:
 * literal writers, label, aliases, file name, tree syntax, highlighting,
 * reserved names, clients). The order is the listing order. `Language` is
 * made from this table, and every other per-language table (the clients of
 * src/inference/id-lists.ts, the inference part of each language in
 * src/inference/languages.ts, the picker's grammars in src/ui/highlight.ts)
 * is typed against it, so a language missing anywhere fails the type-check.
 */

export const LANGUAGE_DESCRIPTORS = {
  python: PYTHON_LANGUAGE,
  js: JS_LANGUAGE,
  sh: SHELL_LANGUAGE,
  go: GO_LANGUAGE,
  java: JAVA_LANGUAGE,
  ruby: RUBY_LANGUAGE,
  php: PHP_LANGUAGE,
} as const satisfies Record<string, LanguageDescriptor>;

export type Language = keyof typeof LANGUAGE_DESCRIPTORS;

export const LANGUAGES = Object.keys(LANGUAGE_DESCRIPTORS) as readonly Language[];

/** The languages library usage code is written in. */
export type LibraryLanguage = { [L in Language]: (typeof LANGUAGE_DESCRIPTORS)[L]["libraryCode"] extends true ? L : never }[Language];

export const LIBRARY_LANGUAGES = LANGUAGES.filter((language): language is LibraryLanguage => LANGUAGE_DESCRIPTORS[language].libraryCode);

/** Plain text: a library's notes, a local app's link. It has no comment syntax; a header over it is the text itself. */
const TEXT_DESCRIPTOR = { label: "Text", fileName: "snippet.txt", comment: (text: string) => text } as const;

/** The descriptor of a language a code block names, or undefined for a name that is none (a block's own kind such as "url"). */
export function describeLanguage(language: string): Pick<LanguageDescriptor, "label" | "fileName" | "comment"> | undefined {
  if (language === "text") return TEXT_DESCRIPTOR;
  return Object.hasOwn(LANGUAGE_DESCRIPTORS, language) ? LANGUAGE_DESCRIPTORS[language as Language] : undefined;
}

/** The highlight.js grammars the languages name: src/ui/highlight.ts must load each (its table is typed by this). */
export type HighlightGrammar = (typeof LANGUAGE_DESCRIPTORS)[Language]["highlight"];

/** The grammar a code block's language is coloured with, or undefined for plain text and a block's own kind. */
export function highlightGrammar(language: string): HighlightGrammar | undefined {
  return Object.hasOwn(LANGUAGE_DESCRIPTORS, language) ? LANGUAGE_DESCRIPTORS[language as Language].highlight : undefined;
}

/** A one-line comment in a code block's language (plain text stays as it is): the one comment writer headers and placeholders use. */
export function commentLine(language: Language | "text", text: string): string {
  return (language === "text" ? TEXT_DESCRIPTOR : LANGUAGE_DESCRIPTORS[language]).comment(text);
}

/** `--language`'s other names, each mapped to its language. */
export const LANGUAGE_ALIASES: Readonly<Record<string, Language>> = Object.fromEntries(
  LANGUAGES.flatMap((language) => LANGUAGE_DESCRIPTORS[language].aliases.map((alias) => [alias, language] as const)),
);
