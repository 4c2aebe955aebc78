import type { TreeSyntax } from "./tree.js";

/*
 * What a snippet language is, below the code generators: each language's
 * module in this folder (python.ts, js.ts, shell.ts, go.ts, java.ts, ruby.ts,
 * php.ts) holds its literal writers and one `LanguageDescriptor` of this
 * shape, and languages.ts lists them. What the inference snippets compute for
 * a language's templates is its other part, one floor up
 * (src/inference/fields/<language>.ts).
 */

/**
 * How a client reaches a provider: `http` writes the request out with the
 * language's own HTTP library (any provider, queued jobs included); `hub` is a
 * hub client library with a method per task (src/inference/client-methods.ts),
 * the only kind that calls provider "auto"; `chat` is an OpenAI-compatible SDK,
 * for chat models only; `sdk` is a provider's own library (which provider is
 * the provider's `ownClients`).
 */
export type ClientApi = "http" | "hub" | "chat" | "sdk";

export interface ClientDescriptor {
  api: ClientApi;
  /** Its templates: templates/<language>/<folder>/ (a name without `/`). */
  folder: string;
}

/** One way a language writes a string literal. */
export interface StringForm {
  open: string;
  close: string;
  /** A backslash escapes the next character. */
  escapes: boolean;
  /** Where code sits inside the literal: opened by `open`, closed by the `}` that balances it. */
  interpolation?: { open: string; literal?: string };
}

/**
 * How a language writes what is not code, for reading a program back: its comments and its literals, a longer
 * opening first (src/inference/fields/program-names.ts reads a program's imports off the rest).
 */
export interface Lexicon {
  lineComment: string;
  blockComment?: { open: string; close: string };
  strings: readonly StringForm[];
  /** A string form whose opening this prefix comes right before (Python's `f"..."`), by the prefix, lower case. */
  prefixed?: Readonly<Record<string, readonly StringForm[]>>;
}

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
  /** The highlight.js grammar the picker colours it with (src/ui/highlight.ts loads each one named here). */
  highlight: string;
  /** Names code may not give a function of its own: the keywords, and what the language predefines that a program calls. */
  reserved: readonly string[];
  /** How its comments and literals are read back, where a program's imports are read off its code. */
  lexicon?: Lexicon;
  /**
   * Its hosted-inference clients, in listing order, by the name `--client` takes (a name may repeat another
   * language's: `curl` is sh's and PHP's).
   */
  clients: { readonly [client: string]: ClientDescriptor };
}
