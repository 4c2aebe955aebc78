import type { Client, Language } from "./ids.js";
import type { ClientOf } from "./id-lists.js";
import type { FieldsOf } from "./languages.js";
import { COMPILED_TEMPLATES } from "./generated/templates.js";
import type { TemplateName } from "./template-source.js";
import type { Uses } from "./fields/program-names.js";

export type { TemplateName };

/*
 * Templates live in templates/<language>/<client folder>/<name>.eta. The build
 * compiles every one into a TypeScript function of
 * src/inference/generated/templates.ts (src/build/templates.ts), typed by its
 * client's fields, and these run them: from source and from the bundle
 * alike, no template compiler runs with the CLI.
 */

/** The table as looked up by any language and client (the table's own type pairs each with its fields). */
const TEMPLATES: Readonly<Record<string, Readonly<Record<string, Readonly<Partial<Record<TemplateName, (it: never, uses: Uses) => string>>> | undefined>>>> =
  COMPILED_TEMPLATES;

export function templateExists(language: Language, client: Client, name: TemplateName): boolean {
  return TEMPLATES[language]?.[client]?.[name] !== undefined;
}

/** The program of one template, its code's uses counted in `uses`. */
export function renderTemplate<L extends Language, C extends ClientOf<L>>(
  language: L,
  client: C,
  name: TemplateName,
  fields: FieldsOf<L, C>,
  uses: Uses,
): string {
  const render = TEMPLATES[language]?.[client]?.[name] as ((it: FieldsOf<L, C>, uses: Uses) => string) | undefined;
  if (!render) throw new Error(`no template ${language}/${client}/${name} (templateExists is asked first)`);
  return render(fields, uses);
}
