import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { EtaConfig } from "eta";
import { TEMPLATES_DIR } from "../catalogue/paths.js";
import type { Client, Language } from "./ids.js";

/*
 * What the run-time renderer (templates.ts) and the build's compiler
 * (src/build/templates.ts) share, so both compile the same text the same way.
 * Templates get literal text only, so escaping is off.
 * A line `<%~ partial("name") %>` stands for templates/<language>/_partials/name.eta.
 */

/** A compiled template, as eta makes it: called with its data; `this` holds eta's config. */
export type TemplateFunction = (this: TemplateThis, it: object, options?: object) => string;

/** What a compiled template reads from `this`: only the config (escape and filter are off, includes are textual). */
export interface TemplateThis {
  config: object;
}

/** Blocks several templates of a language share: templates/<language>/_partials/<name>.eta. */
export const PARTIALS_FOLDER = "_partials";
/** The options templates are compiled with, at run time and in the build alike. */
export const ETA_OPTIONS: Partial<EtaConfig> = { autoEscape: false, autoTrim: false, cache: false, useWith: false };

const folders = new Map<string, string>();

/** A client's template folder: its name, with `/` (Go's and Ruby's `net/http`) made `-`. Asked for every snippet, made once per client. */
export function clientFolder(client: string): string {
  let folder = folders.get(client);
  if (folder === undefined) folders.set(client, (folder = client.replaceAll("/", "-")));
  return folder;
}

export function templateKey(language: Language, client: Client, name: string): string {
  return `${language}/${clientFolder(client)}/${name}`;
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
