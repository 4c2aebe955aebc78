import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Eta as EtaEngine } from "eta";
import { TEMPLATES_DIR } from "../catalogue/paths.js";
import type { Client, Language } from "./ids.js";
import { COMPILED_TEMPLATES } from "./compiled-templates.js";
import { ETA_OPTIONS, templateSource, type TemplateThis } from "./template-source.js";
import { clientDescriptor } from "./id-lists.js";

/*
 * Templates live in templates/<language>/<client>/<name>.eta. The bundled CLI
 * runs them as functions the build compiled (src/build/templates.ts). Run from
 * source, each is compiled once per process, on first use; eta itself is
 * loaded on the first render, synchronously.
 */

/** `queued`: a raw-HTTP snippet for a queued job (submit, poll, download). */
export type TemplateName = "basic" | "queued" | "conversational" | "conversationalStream";

let engine: EtaEngine | undefined;
const compiled = new Map<string, (data: object) => string>();
const listings = new Map<string, ReadonlySet<string>>();
/** `this` for a build-compiled template: it reads eta's config, and nothing in it matters with escaping off. */
const COMPILED_THIS: TemplateThis = { config: {} };

function etaEngine(): EtaEngine {
  if (!engine) {
    const { Eta } = createRequire(import.meta.url)("eta") as typeof import("eta");
    engine = new Eta(ETA_OPTIONS);
  }
  return engine;
}

function folderOf(language: Language, client: Client): string {
  return join(TEMPLATES_DIR, language, clientDescriptor(language, client).folder);
}

/** What the build names a compiled template by: the path of its file below templates/, without `.eta`. */
function templateKey(language: Language, client: Client, name: TemplateName): string {
  return `${language}/${clientDescriptor(language, client).folder}/${name}`;
}

/** The template names a client has, read from its folder once. */
function templatesOf(language: Language, client: Client): ReadonlySet<string> {
  const key = `${language}/${client}`;
  let names = listings.get(key);
  if (!names) {
    let files: string[] = [];
    try {
      files = readdirSync(folderOf(language, client));
    } catch {
      // No folder: the client has no templates in this language.
    }
    names = new Set(files.filter((file) => file.endsWith(".eta")).map((file) => file.slice(0, -".eta".length)));
    listings.set(key, names);
  }
  return names;
}

export function templateExists(language: Language, client: Client, name: TemplateName): boolean {
  if (COMPILED_TEMPLATES) return Object.hasOwn(COMPILED_TEMPLATES, templateKey(language, client, name));
  return templatesOf(language, client).has(name);
}

export function renderTemplate(language: Language, client: Client, name: TemplateName, data: object): string {
  const key = templateKey(language, client, name);
  if (COMPILED_TEMPLATES) return COMPILED_TEMPLATES[key]!.call(COMPILED_THIS, data);
  let render = compiled.get(key);
  if (!render) {
    const eta = etaEngine();
    const compiledFunction = eta.compile(templateSource(join(folderOf(language, client), `${name}.eta`), language));
    render = (values: object) => compiledFunction.call(eta, values);
    compiled.set(key, render);
  }
  return render(data);
}
