/*
 * The names a snippet is generated for, as plain lists: the snippet path
 * reads them without loading zod. ids.ts makes the zod enums (and the types)
 * from these lists.
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

export const LANGUAGES = ["python", "js", "sh", "go", "java", "ruby", "php"] as const;

export const CLIENTS = ["huggingface_hub", "requests", "openai", "fal_client", "huggingface.js", "fetch", "curl", "net/http", "java.net.http"] as const;

type LanguageName = (typeof LANGUAGES)[number];
type ClientName = (typeof CLIENTS)[number];

/** The clients of each language, in the order snippets are listed. */
export const CLIENTS_BY_LANGUAGE: Readonly<Record<LanguageName, readonly ClientName[]>> = {
  python: ["huggingface_hub", "requests", "openai", "fal_client"],
  js: ["huggingface.js", "fetch", "openai"],
  sh: ["curl"],
  go: ["net/http"],
  java: ["java.net.http"],
  ruby: ["net/http"],
  php: ["curl"],
};

export function languagesOfClient(client: ClientName): LanguageName[] {
  return LANGUAGES.filter((language) => CLIENTS_BY_LANGUAGE[language].includes(client));
}

export function isInferenceTask(tag: string): tag is (typeof INFERENCE_TASKS)[number] {
  return (INFERENCE_TASKS as readonly string[]).includes(tag);
}
