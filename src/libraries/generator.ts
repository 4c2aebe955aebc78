import type { ModelData } from "../model/schema.js";
import { commentLine } from "../format/languages.js";
import { pyString } from "../format/python.js";
import type { RunSettings } from "../memory/run-settings.js";

/** The languages library usage snippets are written in. */
const SNIPPET_LANGUAGES = ["python", "sh", "js", "text"] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number];

/** One block of usage code for a library: an install line, or code that loads and runs the model. */
export interface LibrarySnippet {
  language: SnippetLanguage;
  content: string;
  /**
   * What sets this block apart from the library's other blocks in the same
   * language ("pipeline", "direct load"): the picker names each choice by it.
   */
  title?: string;
  /**
   * Set on a block that only says why there is no code (the metadata lacks what
   * it needs) and what to do: `--library` refuses a model that gets nothing else.
   */
  fallback?: { reason: string; wayForward: string };
}

/** A GGUF file to load by name (or glob), with the other shards of a split file. */
export interface GgufLoad {
  filename: string;
  additionalFiles: string[];
}

/** What the command line adds to the metadata: the GGUF file chosen by --quant, --file, --fits or the default, and how to run it. */
export interface LibraryRequest {
  gguf?: GgufLoad;
  run?: RunSettings;
}

/**
 * Usage code for a model of one library, built from its metadata. Every string
 * taken from `model` goes into code through a literal formatter of
 * src/format/ (pyString, jsString, shellQuote); nothing is spliced in raw.
 */
export type LibrarySnippetGenerator = (model: ModelData, request?: LibraryRequest) => LibrarySnippet[];

export const python = (content: string): LibrarySnippet => ({ language: "python", content });
export const sh = (content: string): LibrarySnippet => ({ language: "sh", content });
export const js = (content: string): LibrarySnippet => ({ language: "js", content });
export const text = (content: string): LibrarySnippet => ({ language: "text", content });

/** A placeholder written as a comment of the snippet's language. */
export function comment(language: SnippetLanguage, message: string): string {
  return commentLine(language, message);
}

/**
 * No code can be written from the metadata: the reason (a Placeholder text,
 * which users search for) and the way forward, as comments of the language.
 */
export function fallback(language: SnippetLanguage, reason: string, wayForward: string): LibrarySnippet {
  return { language, content: `${comment(language, reason)}\n${comment(language, wayForward)}`, fallback: { reason, wayForward } };
}

/** Whether the blocks hold nothing to run: a fallback, and besides it at most install lines. */
export function onlyFallback(blocks: readonly LibrarySnippet[]): boolean {
  return blocks.some((block) => block.fallback) && blocks.every((block) => block.fallback || block.language === "sh");
}

/**
 * The last line of Python that only loads a model (nothing in the metadata
 * says what to run it on): it says what loaded, and what to call next, so the
 * block still ends with something a person sees.
 */
export function loaded(variable: string, next: string): string {
  return `print(type(${variable}).__name__, "loaded:", ${pyString(next)})`;
}

/*
 * A model tagged custom_code ships Python code in its repository that its
 * library runs only when told to trust it. Every generator whose loader takes
 * the flag passes it for such a model, under a comment saying what it does,
 * and installs what that code commonly imports besides its library: the hub's
 * metadata lists the repository's .py files, not their imports, so einops
 * (which most remote modelling code uses) stands for them.
 */
const REMOTE_CODE_COMMENT = "# trust_remote_code=True runs the Python code of the model's repository on this machine: read it first.";
const REMOTE_CODE_PACKAGES = ["einops"] as const;

export function hasRemoteCode(model: ModelData): boolean {
  return hasTag(model, "custom_code");
}

export interface RemoteCodeText {
  /** `, trust_remote_code=True`, for the loading call's arguments. */
  argument: string;
  /** The comment line (with its newline) to put above the first call that trusts remote code. */
  comment: string;
  /** What to add to the install line (` einops`). */
  packages: string;
}

const NO_REMOTE_CODE: RemoteCodeText = { argument: "", comment: "", packages: "" };
const WITH_REMOTE_CODE: RemoteCodeText = {
  argument: ", trust_remote_code=True",
  comment: `${REMOTE_CODE_COMMENT}\n`,
  packages: ` ${REMOTE_CODE_PACKAGES.join(" ")}`,
};

/** What a snippet writes for the model's remote code: each piece empty for a model without it. */
export function remoteCode(model: ModelData): RemoteCodeText {
  return hasRemoteCode(model) ? WITH_REMOTE_CODE : NO_REMOTE_CODE;
}

/** The base model named in the model card: the first when it lists several. */
export function baseModelOf(model: ModelData): string | undefined {
  const base = model.cardData?.base_model;
  return Array.isArray(base) ? base[0] : base;
}

export function hasTag(model: ModelData, tag: string): boolean {
  return model.tags.includes(tag);
}

/** The text of the model card's first widget example, when it has a non-empty one. */
export function widgetText(model: ModelData): string | undefined {
  const example = model.widgetData?.[0]?.text;
  return example ? example : undefined;
}

const PYTHON_KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);

/**
 * Whether untrusted metadata (a class name from a config) may stand as a bare
 * Python name in generated code: an identifier, and not a keyword.
 */
export function isPythonIdentifier(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !PYTHON_KEYWORDS.has(name);
}

/** The repository's file names, when the metadata lists them (the hub's `siblings`). */
export function repoFiles(model: ModelData): string[] {
  return (model.siblings ?? []).map((sibling) => sibling.rfilename);
}

/** The repository name without its owner: `org/name` gives `name`. */
export function repoName(model: ModelData): string {
  return model.id.slice(model.id.lastIndexOf("/") + 1);
}
