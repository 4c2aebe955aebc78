import { z } from "zod";
import { CLIENTS, INFERENCE_TASKS, LANGUAGES, PROVIDER_CHOICES, PROVIDER_IDS } from "./id-lists.js";

export { CLIENTS_BY_LANGUAGE, PROVIDER_IDS, isInferenceTask, languagesOfClient } from "./id-lists.js";

/*
 * The names a snippet is generated for: providers, tasks, languages and
 * clients. Each zod enum is the single source of its type; the values are
 * the plain lists in id-lists.ts, which code on the snippet path reads
 * without loading zod.
 */

export const ProviderIdSchema = z.enum(PROVIDER_IDS);
export type ProviderId = z.infer<typeof ProviderIdSchema>;

/** What `--provider` accepts: a provider, or "auto" (the hub picks one per request). */
export const ProviderChoiceSchema = z.enum(PROVIDER_CHOICES);
export type ProviderChoice = z.infer<typeof ProviderChoiceSchema>;

/** Pipeline tags that have inference snippets. */
export const InferenceTaskSchema = z.enum(INFERENCE_TASKS);
export type InferenceTask = z.infer<typeof InferenceTaskSchema>;

/** A provider route is for a pipeline task, or for chat ("conversational", as the hub names it). */
export type RouteTask = Exclude<InferenceTask, "image-text-to-text"> | "conversational";

export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

export const ClientSchema = z.enum(CLIENTS);
export type Client = z.infer<typeof ClientSchema>;
