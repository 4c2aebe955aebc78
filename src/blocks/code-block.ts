import type { AppSnippet } from "../apps/generate.js";
import type { SnippetLanguage } from "../libraries/generator.js";

export type { SnippetLanguage };
import type { Snippet } from "../inference/snippet.js";

/*
 * The one kind of thing hubref hands a user: a block of code for one model.
 * Inference calls, a library's usage code and a local app's commands come
 * from three generators, but the printing command, --json and the picker see
 * them only as CodeBlocks, so they can never show different code.
 */

/** A call to a hosted inference API, in one language and client, through one provider. */
export interface InferenceBlock extends Snippet {
  source: "inference";
}

/** The model's own library's usage code (`--library`). */
export interface LibraryBlock {
  source: "library";
  model: string;
  /** The library key (`library_name`). */
  library: string;
  language: SnippetLanguage;
  /** What sets it apart from the library's other blocks in its language, when the generator names it. */
  title?: string;
  content: string;
}

/** A GGUF quant as a local block loads it. */
export interface LocalQuant {
  label: string;
  /** Files the chosen variant is split into; 1 for a single file. */
  shards: number;
  /** Bytes of all its files, or null when the metadata gives no sizes. */
  size: number | null;
  /** The quant `--app KEY` picks without --quant. */
  isDefault: boolean;
}

/** The commands (or deep link) that run the model on the user's machine with one app (`--app`). */
export interface LocalBlock {
  source: "local";
  model: string;
  /** The app key, as `--app` takes it. */
  app: string;
  appLabel: string;
  kind: "snippet" | "deeplink";
  /** The GGUF quant it loads; null for apps that take no GGUF file. */
  quant: LocalQuant | null;
  /** The deep link alone, for deep-link apps. */
  link?: string;
  /** The steps as `--app KEY --json` prints them. */
  steps: AppSnippet[];
  /** All steps rendered, exactly as printed, copied or saved. */
  content: string;
}

export type CodeBlock = InferenceBlock | LibraryBlock | LocalBlock;
export type CodeSource = CodeBlock["source"];

/** The block's language, for highlighting and file names: a deep link is a "url". */
export function blockLanguage(block: CodeBlock): string {
  if (block.source === "local") return block.kind === "deeplink" ? "url" : "sh";
  return block.language;
}

/** What picks a block within its source and language: the client, the library, or the app. */
export function blockTool(block: CodeBlock): string {
  switch (block.source) {
    case "inference":
      return block.client;
    case "library":
      return block.library;
    case "local":
      return block.app;
  }
}
