import type { Language } from "../format/languages.js";
import type { ClientOf } from "./id-lists.js";
import type { FieldsOf } from "./languages.js";
import type { Uses } from "./fields/program-names.js";

/*
 * What the engine's renderer (templates.ts) and the build's compiler
 * (src/build/templates.ts) share: the names a template may have, and the
 * table of compiled templates.
 */

/**
 * The templates a client may have, each a file templates/<language>/<folder>/<name>.eta: `basic` (a task),
 * `queued` (a raw-HTTP snippet for a queued job: submit, poll, download), `conversational` and
 * `conversationalStream` (chat, whole or streamed), `tools` (a chat that runs the model's tool calls in a
 * loop, whole or streamed: the fields say which), `responses` and `responsesStream` (the Responses API,
 * whole or streamed) and `responsesTools` (its tool loop).
 */
export const TEMPLATE_NAMES = ["basic", "queued", "conversational", "conversationalStream", "tools", "responses", "responsesStream", "responsesTools"] as const;

export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/**
 * Every compiled template, by language, client and name: each is a function of exactly its client's fields,
 * and counts in `uses` what its code uses, where its language's imports are read off its code.
 */
export type TemplateTable = {
  readonly [L in Language]: { readonly [C in ClientOf<L>]: { readonly [N in TemplateName]?: (it: FieldsOf<L, C>, uses: Uses) => string } };
};
