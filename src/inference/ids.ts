import type { ClientOf, INFERENCE_TASKS, PROVIDER_CHOICES, PROVIDER_IDS } from "./id-lists.js";
import type { Language } from "../format/languages.js";

export { CLIENTS_BY_LANGUAGE, PROVIDER_IDS, isInferenceTask, languagesOfClient, type ClientOf } from "./id-lists.js";

/*
 * The names a snippet is generated for: providers, tasks, languages and
 * clients. Each type comes from its `as const` list in id-lists.ts; nothing
 * parses these with a schema (the command checks values with src/choices/).
 */

export type ProviderId = (typeof PROVIDER_IDS)[number];

/** What `--provider` accepts: a provider, or "auto" (the hub picks one per request). */
export type ProviderChoice = (typeof PROVIDER_CHOICES)[number];

/** Pipeline tags that have inference snippets. */
export type InferenceTask = (typeof INFERENCE_TASKS)[number];

/** A provider route is for a pipeline task, or for chat ("conversational", as the hub names it). */
export type RouteTask = Exclude<InferenceTask, "image-text-to-text"> | "conversational";

export type { Language };

/** Any client of any language; the clients of one language are `ClientOf<"python">`, so a switch over them can be exhaustive. */
export type Client = ClientOf<Language>;
