/** A compiled template, as eta makes it: called with its data; `this` holds eta's config. */
export type TemplateFunction = (this: TemplateThis, it: object, options?: object) => string;

/** What a compiled template reads from `this`: only the config (escape and filter are off, includes are textual). */
export interface TemplateThis {
  config: object;
}
