/*
 * The names a snippet is generated for, as plain `as const` lists: each list
 * is the single source of its type (ids.ts), and the snippet path reads them
 * without loading anything.
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

/** What `--provider` accepts: a provider, or "auto" (the hub picks one per request). */
export const PROVIDER_CHOICES = [...PROVIDER_IDS, "auto"] as const;

/** Pipeline tags that have inference snippets. */
export const INFERENCE_TASKS = [
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
] as const;

/**
 * The clients of each language, in the order snippets are listed; the order of
 * the languages is the listing order too. Adding a language is adding its
 * entry here: `Language`, `LANGUAGES`, `CLIENTS` and the per-language client
 * types follow from it.
 */
const CLIENT_TABLE = {
  python: ["huggingface_hub", "requests", "openai", "fal_client"],
  js: ["huggingface.js", "fetch", "openai"],
  sh: ["curl"],
  go: ["net/http"],
  java: ["java.net.http"],
  ruby: ["net/http"],
  php: ["curl"],
} as const;

type LanguageName = keyof typeof CLIENT_TABLE;
/** The clients of one language: a `switch` over `ClientOf<"python">` is checked for exhaustiveness by the compiler. */
export type ClientOf<L extends LanguageName> = (typeof CLIENT_TABLE)[L][number];
type ClientName = ClientOf<LanguageName>;

/** The table, read as lists of any client, so that `CLIENTS_BY_LANGUAGE[language].includes(client)` type-checks. */
export const CLIENTS_BY_LANGUAGE: { readonly [L in LanguageName]: readonly ClientName[] } = CLIENT_TABLE;

export const LANGUAGES = Object.keys(CLIENT_TABLE) as readonly LanguageName[];

/** Every client once, in the order the languages list them. */
export const CLIENTS: readonly ClientName[] = [...new Set(Object.values(CLIENT_TABLE).flat())];

export function languagesOfClient(client: ClientName): LanguageName[] {
  return LANGUAGES.filter((language) => CLIENTS_BY_LANGUAGE[language].includes(client));
}

export function isInferenceTask(tag: string): tag is (typeof INFERENCE_TASKS)[number] {
  return (INFERENCE_TASKS as readonly string[]).includes(tag);
}
