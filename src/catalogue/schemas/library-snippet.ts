import { z } from "zod";

/** The languages library usage snippets are written in. */
export const SnippetLanguageSchema = z.enum(["python", "sh", "js", "text"]);
export type SnippetLanguage = z.infer<typeof SnippetLanguageSchema>;

/** One block of usage code for a library: an install line, or code that loads and runs the model. */
export const LibrarySnippetSchema = z.strictObject({
  language: SnippetLanguageSchema,
  content: z.string(),
  /**
   * Set on a block that only says why there is no code (the metadata lacks what
   * it needs) and what to do: `--library` refuses a model that gets nothing else.
   */
  fallback: z.strictObject({ reason: z.string(), wayForward: z.string() }).optional(),
});
export type LibrarySnippet = z.infer<typeof LibrarySnippetSchema>;
