import type { Client, Language } from "./ids.js";
import { COMPILED_TEMPLATES } from "./generated/templates.js";
import { clientDescriptor } from "./id-lists.js";
import { templateKey, type TemplateThis } from "./template-source.js";

/*
 * Templates live in templates/<language>/<client>/<name>.eta. The build
 * compiles every one into a function of src/inference/generated/templates.ts
 * (src/build/templates.ts), and these run them: from source and from the
 * bundle alike, no template compiler runs with the CLI.
 */

/** `queued`: a raw-HTTP snippet for a queued job (submit, poll, download). */
/** `tools`: a chat that runs the model's tool calls in a loop, whole or streamed (the fields say which). */
/** `responses`, `responsesStream`: the Responses API, whole or streamed; `responsesTools`: its tool loop, whole or streamed. */
export type TemplateName = "basic" | "queued" | "conversational" | "conversationalStream" | "tools" | "responses" | "responsesStream" | "responsesTools";

/** `this` for a compiled template: it reads eta's config, and nothing in it matters with escaping off. */
const COMPILED_THIS: TemplateThis = { config: {} };

export function templateExists(language: Language, client: Client, name: TemplateName): boolean {
  return Object.hasOwn(COMPILED_TEMPLATES, templateKey(language, clientDescriptor(language, client).folder, name));
}

export function renderTemplate(language: Language, client: Client, name: TemplateName, data: object): string {
  const key = templateKey(language, clientDescriptor(language, client).folder, name);
  const render = COMPILED_TEMPLATES[key];
  if (!render) throw new Error(`no template ${key} (templateExists is asked first)`);
  return render.call(COMPILED_THIS, data);
}
