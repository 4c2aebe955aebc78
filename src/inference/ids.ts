import { z } from "zod";

/*
 * The names a snippet is generated for: providers, tasks, languages and
 * clients. Each zod enum is the single source of its type.
 */

export const PROVIDER_IDS = [
  "baseten",
  "cerebras",
  "cohere",
  "deepinfra",
  "fal-ai",
  "featherless-ai",
  "fireworks-ai",
  "groq",
  "hf-inference",
  "novita",
  "nscale",
  "openai",
  "ovhcloud",
  "publicai",
  "replicate",
  "scaleway",
  "together",
  "wavespeed",
  "zai-org",
] as const;

export const ProviderIdSchema = z.enum(PROVIDER_IDS);
export type ProviderId = z.infer<typeof ProviderIdSchema>;

/** What `--provider` accepts: a provider, or "auto" (the hub picks one per request). */
export const ProviderChoiceSchema = z.enum([...PROVIDER_IDS, "auto"]);
export type ProviderChoice = z.infer<typeof ProviderChoiceSchema>;

/** Pipeline tags that have inference snippets. */
export const InferenceTaskSchema = z.enum([
  "audio-classification",
  "audio-to-audio",
  "automatic-speech-recognition",
  "document-question-answering",
  "feature-extraction",
  "fill-mask",
  "image-classification",
  "image-segmentation",
  "image-text-to-image",
  "image-text-to-text",
  "image-text-to-video",
  "image-to-image",
  "image-to-text",
  "image-to-video",
  "object-detection",
  "question-answering",
  "sentence-similarity",
  "summarization",
  "tabular-classification",
  "tabular-regression",
  "table-question-answering",
  "text-classification",
  "text-generation",
  "text-to-audio",
  "text-to-image",
  "text-to-speech",
  "text-to-video",
  "token-classification",
  "translation",
  "zero-shot-classification",
  "zero-shot-image-classification",
]);
export type InferenceTask = z.infer<typeof InferenceTaskSchema>;

/** A provider route is for a pipeline task, or for chat ("conversational", as the hub names it). */
export type RouteTask = Exclude<InferenceTask, "image-text-to-text"> | "conversational";

export const LanguageSchema = z.enum(["python", "js", "sh"]);
export type Language = z.infer<typeof LanguageSchema>;

export const ClientSchema = z.enum(["huggingface_hub", "requests", "openai", "fal_client", "huggingface.js", "fetch", "curl"]);
export type Client = z.infer<typeof ClientSchema>;

/** The clients of each language, in the order snippets are listed. */
export const CLIENTS_BY_LANGUAGE: Readonly<Record<Language, readonly Client[]>> = {
  python: ["huggingface_hub", "requests", "openai", "fal_client"],
  js: ["huggingface.js", "fetch", "openai"],
  sh: ["curl"],
};

export function languagesOfClient(client: Client): Language[] {
  return LanguageSchema.options.filter((language) => CLIENTS_BY_LANGUAGE[language].includes(client));
}

export function isInferenceTask(tag: string): tag is InferenceTask {
  return (InferenceTaskSchema.options as readonly string[]).includes(tag);
}
