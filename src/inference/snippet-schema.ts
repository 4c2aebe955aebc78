import { z } from "zod";
import { ClientSchema, LanguageSchema, ProviderChoiceSchema } from "./ids.js";

/*
 * The shapes of snippets and of the engine's options. The snippet path loads
 * none of this at run time (snippet.ts applies the defaults without zod).
 */

/** One generated snippet, as `hubref snippet --json` prints it. */
export const SnippetSchema = z.object({
  model: z.string(),
  language: LanguageSchema,
  client: ClientSchema,
  provider: ProviderChoiceSchema,
  content: z.string(),
});
export type Snippet = z.infer<typeof SnippetSchema>;

/**
 * What to generate. Values are checked by the command before they get here;
 * the schema holds the defaults, applied once by `settleOptions` (snippet.ts).
 */
export const SnippetOptionsSchema = z.object({
  language: LanguageSchema.optional(),
  client: ClientSchema.optional(),
  provider: ProviderChoiceSchema.default("auto"),
  stream: z.boolean().default(false),
  billTo: z.string().optional(),
  token: z.string().optional(),
  direct: z.boolean().default(false),
  endpointUrl: z.string().optional(),
  providerModelId: z.string().optional(),
  /** Replaces the example input: JSON where the task takes an object or messages, else text. */
  inputs: z.string().optional(),
  temperature: z.number().optional(),
  maxTokens: z.number().int().optional(),
  topP: z.number().optional(),
});
/** Options as callers give them: anything with a default may be left out. */
export type SnippetOptions = z.input<typeof SnippetOptionsSchema>;
/** Options with every default in place, as the engine and the picker read them. */
export type SettledOptions = z.output<typeof SnippetOptionsSchema>;
