import type { Client, Language } from "./ids.js";

/*
 * What the engine's renderer (templates.ts) and the build's compiler
 * (src/build/templates.ts) share: how a template is named, and what a
 * compiled one is.
 */

/** A compiled template, as eta makes it: called with its data; `this` holds eta's config. */
export type TemplateFunction = (this: TemplateThis, it: object, options?: object) => string;

/** What a compiled template reads from `this`: only the config (escape and filter are off, includes are textual). */
export interface TemplateThis {
  config: object;
}

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
