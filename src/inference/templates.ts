import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Eta as EtaEngine } from "eta";
import { TEMPLATES_DIR } from "../catalogue/paths.js";
import type { Client, Language } from "./ids.js";

/*
 * Templates live in templates/<language>/<client>/<name>.eta. Each is compiled
 * once per process, on first use; eta itself is loaded on the first render,
 * synchronously, so a command that renders nothing never pays for it.
 * Templates get literal text only, so escaping is off.
 * A line `<%~ partial("name") %>` stands for templates/<language>/_partials/name.eta.
 */

/** `queued`: a raw-HTTP snippet for a queued job (submit, poll, download). */
export type TemplateName = "basic" | "queued" | "conversational" | "conversationalStream";

let engine: EtaEngine | undefined;
const compiled = new Map<string, (data: object) => string>();
const listings = new Map<string, ReadonlySet<string>>();
/** Blocks several templates of a language share: templates/<language>/_partials/<name>.eta. */
const PARTIALS_FOLDER = "_partials";

function etaEngine(): EtaEngine {
  if (!engine) {
    const { Eta } = createRequire(import.meta.url)("eta") as typeof import("eta");
    engine = new Eta({ autoEscape: false, autoTrim: false, cache: false, useWith: false });
  }
  return engine;
}

const PARTIAL_LINE = /^<%~ partial\("([a-z0-9_.-]+)"\) %>\n/gm;

/**
 * A template's source with its partials in place. Textual, not eta's include:
 * an include gets a copy of the data, and the fields objects compute their
 * values in getters, which a copy drops.
 */
export function templateSource(file: string, language: Language, seen: readonly string[] = []): string {
  return readFileSync(file, "utf8").replace(PARTIAL_LINE, (_line, name: string) => {
    if (seen.includes(name)) throw new Error(`template partial ${language}/${name} includes itself`);
    return templateSource(join(TEMPLATES_DIR, language, PARTIALS_FOLDER, `${name}.eta`), language, [...seen, name]);
  });
}

function folderOf(language: Language, client: Client): string {
  return join(TEMPLATES_DIR, language, client);
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
  return templatesOf(language, client).has(name);
}

export function renderTemplate(language: Language, client: Client, name: TemplateName, data: object): string {
  const key = `${language}/${client}/${name}`;
  let render = compiled.get(key);
  if (!render) {
    const eta = etaEngine();
    const compiledFunction = eta.compile(templateSource(join(folderOf(language, client), `${name}.eta`), language));
    render = (values: object) => compiledFunction.call(eta, values);
    compiled.set(key, render);
  }
  return render(data);
}
