import { goComment, goString, GO_TREE } from "./go.js";
import { javaComment, javaString, JAVA_TREE } from "./java.js";
import { jsComment, jsString, JS_TREE } from "./js.js";
import { phpComment, phpString, PHP_TREE } from "./php.js";
import { pyComment, pyString, PYTHON_TREE } from "./python.js";
import { rubyComment, rubyString, RUBY_TREE } from "./ruby.js";
import { shellComment, shellQuote } from "./shell.js";
import type { TreeSyntax } from "./tree.js";

/*
 * One descriptor per snippet language: what every layer needs to know of it,
 * from the picker's label to the literal writers. The order is the listing
 * order. `Language` is made from this table, and every other per-language
 * table (the clients of src/inference/id-lists.ts, the template fields of
 * src/inference/languages.ts) is typed against it, so a language missing
 * anywhere fails the type-check.
 */

export interface LanguageDescriptor {
  /** How people read its name (the picker). */
  label: string;
  /** Other names `--language` takes for it, lower case. */
  aliases: readonly string[];
  /** The file its code is saved to: some languages want a name of their own (`go run main.go`, the class `Main`). */
  fileName: string;
  /** A one-line comment that stays one line whatever the text holds. */
  comment(text: string): string;
  /** A string literal for untrusted text. */
  string(text: string): string;
  /** Its data, for the tree writer; the shell has none (its bodies are JSON text in one quoted word). */
  tree?: TreeSyntax;
  /** Libraries' usage code (`--library`) is written in it. */
  libraryCode: boolean;
}

export const LANGUAGE_DESCRIPTORS = {
  python: {
    label: "Python",
    aliases: ["py", "python3"],
    fileName: "snippet.py",
    comment: pyComment,
    string: pyString,
    tree: PYTHON_TREE,
    libraryCode: true,
  },
  js: {
    label: "JavaScript",
    aliases: ["javascript", "node", "nodejs"],
    // The snippets use import and top-level await: node runs them as a module by this extension.
    fileName: "snippet.mjs",
    comment: jsComment,
    string: jsString,
    tree: JS_TREE,
    libraryCode: true,
  },
  sh: {
    label: "Shell",
    aliases: ["shell", "bash", "curl"],
    fileName: "snippet.sh",
    comment: shellComment,
    string: shellQuote,
    libraryCode: true,
  },
  go: { label: "Go", aliases: ["golang"], fileName: "main.go", comment: goComment, string: goString, tree: GO_TREE, libraryCode: false },
  java: { label: "Java", aliases: [], fileName: "Main.java", comment: javaComment, string: javaString, tree: JAVA_TREE, libraryCode: false },
  ruby: { label: "Ruby", aliases: ["rb"], fileName: "main.rb", comment: rubyComment, string: rubyString, tree: RUBY_TREE, libraryCode: false },
  php: { label: "PHP", aliases: [], fileName: "main.php", comment: phpComment, string: phpString, tree: PHP_TREE, libraryCode: false },
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

/** A one-line comment in a code block's language (plain text stays as it is): the one comment writer headers and placeholders use. */
export function commentLine(language: Language | "text", text: string): string {
  return (language === "text" ? TEXT_DESCRIPTOR : LANGUAGE_DESCRIPTORS[language]).comment(text);
}

/** `--language`'s other names, each mapped to its language. */
export const LANGUAGE_ALIASES: Readonly<Record<string, Language>> = Object.fromEntries(
  LANGUAGES.flatMap((language) => LANGUAGE_DESCRIPTORS[language].aliases.map((alias) => [alias, language] as const)),
);
