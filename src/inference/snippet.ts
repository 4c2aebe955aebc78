import type { SettledOptions, Snippet, SnippetOptions } from "./snippet-schema.js";

export type { SettledOptions, Snippet, SnippetOptions } from "./snippet-schema.js";

/**
 * SnippetOptionsSchema's defaults in place, without loading zod; the values
 * are checked by the command before they get here.
 * test/inference/snippet-options.test.ts holds this and the schema together.
 */
export function settleOptions(options: SnippetOptions): SettledOptions {
  return { ...options, provider: options.provider ?? "auto", stream: options.stream ?? false, direct: options.direct ?? false };
}

export interface SnippetResult {
  snippets: Snippet[];
  /** Why a model got no snippet, or not the one asked for. */
  problems: string[];
  /** The ways forward from those problems. */
  hints: string[];
  /** Things the user may want to know, that did not stop anything. */
  notes: string[];
  /** Things that will likely make the snippet fail as it stands (a file type the provider refuses). */
  warnings: string[];
}
