import type { Language } from "./ids.js";

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

/** What the build names a compiled template by: its path below templates/, without `.eta` (`folder` is the client descriptor's). */
export function templateKey(language: Language, folder: string, name: string): string {
  return `${language}/${folder}/${name}`;
}
