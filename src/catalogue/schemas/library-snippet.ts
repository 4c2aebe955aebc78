import { z } from "zod";

/** The languages library usage snippets are written in. */
export const SnippetLanguageSchema = z.enum(["python", "sh", "js", "text"]);
export type SnippetLanguage = z.infer<typeof SnippetLanguageSchema>;

/** One block of usage code for a library: an install line, or code that loads and runs the model. */
export const LibrarySnippetSchema = z.strictObject({
  language: SnippetLanguageSchema,
  content: z.string(),
});
export type LibrarySnippet = z.infer<typeof LibrarySnippetSchema>;
