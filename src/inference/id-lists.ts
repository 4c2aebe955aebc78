import { LANGUAGE_DESCRIPTORS, LANGUAGES, type ClientApi, type ClientDescriptor, type Language } from "../format/languages.js";

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

/**
 * How the hub names a provider: a lower-case slug. A name of this form that hubref has no table for may
 * still serve a chat model through the router; anything else from the hub or the command line is not offered.
 */
export const PROVIDER_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

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

export type { ClientApi, ClientDescriptor };

/**
 * One descriptor per client, by language, from each language's own module
 * (src/format/<language>.ts: `clients`); the order of each language's clients
 * is the order snippets are listed in.
 */
export const CLIENT_DESCRIPTORS = Object.fromEntries(LANGUAGES.map((language) => [language, LANGUAGE_DESCRIPTORS[language].clients])) as {
  readonly [L in Language]: (typeof LANGUAGE_DESCRIPTORS)[L]["clients"];
};

/** The clients of one language: a `switch` over `ClientOf<"python">` is checked for exhaustiveness by the compiler. */
export type ClientOf<L extends Language> = L extends Language ? keyof (typeof CLIENT_DESCRIPTORS)[L] & string : never;
type ClientName = ClientOf<Language>;

/** Each language's clients, as lists of any client, so that `CLIENTS_BY_LANGUAGE[language].includes(client)` type-checks. */
export const CLIENTS_BY_LANGUAGE = Object.fromEntries(LANGUAGES.map((language) => [language, Object.keys(CLIENT_DESCRIPTORS[language])])) as unknown as {
  readonly [L in Language]: readonly ClientName[];
};

export { LANGUAGES };

/** Every client once, in the order the languages list them. */
export const CLIENTS: readonly ClientName[] = [...new Set(LANGUAGES.flatMap((language) => CLIENTS_BY_LANGUAGE[language]))];

/** A client's descriptor in one language (the pair comes from `CLIENTS_BY_LANGUAGE`, or was checked against it). */
export function clientDescriptor(language: Language, client: ClientName): ClientDescriptor {
  const descriptor = (CLIENT_DESCRIPTORS[language] as Readonly<Record<string, ClientDescriptor>>)[client];
  if (descriptor === undefined) throw new Error(`${client} is not a ${language} client`);
  return descriptor;
}

export function languagesOfClient(client: ClientName): Language[] {
  return LANGUAGES.filter((language) => CLIENTS_BY_LANGUAGE[language].includes(client));
}

export function isInferenceTask(tag: string): tag is (typeof INFERENCE_TASKS)[number] {
  return (INFERENCE_TASKS as readonly string[]).includes(tag);
}

/** `--language`'s values for the help: "python, js, ... or php". */
export function languageChoicesText(): string {
  return `${LANGUAGES.slice(0, -1).join(", ")} or ${LANGUAGES.at(-1)}`;
}

/** `--client`'s values for the help, by language: "huggingface_hub, requests (python); curl (sh)". */
export function clientChoicesText(): string {
  return LANGUAGES.map((language) => `${CLIENTS_BY_LANGUAGE[language].join(", ")} (${language})`).join("; ");
}
