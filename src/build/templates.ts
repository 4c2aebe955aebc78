import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Eta, type EtaConfig } from "eta";
import { TEMPLATES_DIR } from "../catalogue/paths.js";
import { templateKey } from "../inference/template-source.js";
import type { Language } from "../inference/ids.js";

/*
 * Build step (generate.ts): every template compiled by eta into one module of
 * the source, src/inference/generated/templates.ts, which the engine imports
 * (src/inference/templates.ts). Run from source or from the bundle, the same
 * functions render; eta is a tool of the build only.
 * Templates get literal text only, so escaping is off.
 * A line `<%~ partial("name") %>` stands for templates/<language>/_partials/name.eta.
 */

/** Blocks several templates of a language share: templates/<language>/_partials/<name>.eta. */
const PARTIALS_FOLDER = "_partials";
/** The options every template is compiled with (test/inference/compiled-templates.test.ts compiles with them too). */
export const ETA_OPTIONS: Partial<EtaConfig> = { autoEscape: false, autoTrim: false, cache: false, useWith: false };

const PARTIAL_LINE = /^<%~ partial\("([a-z0-9_.-]+)"\) %>\n/gm;

/**
 * A template's source with its partials in place. Textual, not eta's include:
 * an include gets a copy of the data, and the fields objects compute their
 * values in getters, which a copy drops.
 */
function templateSource(file: string, language: Language, seen: readonly string[] = []): string {
  return readFileSync(file, "utf8").replace(PARTIAL_LINE, (_line, name: string) => {
    if (seen.includes(name)) throw new Error(`template partial ${language}/${name} includes itself`);
    return templateSource(join(TEMPLATES_DIR, language, PARTIALS_FOLDER, `${name}.eta`), language, [...seen, name]);
  });
}

/** The partial files a template's source takes in, its partials' own included. */
export function partialFilesOf(file: string, language: Language): string[] {
  const files: string[] = [];
  for (const [, name] of readFileSync(file, "utf8").matchAll(PARTIAL_LINE)) {
    const partial = join(TEMPLATES_DIR, language, PARTIALS_FOLDER, `${name}.eta`);
    files.push(partial, ...partialFilesOf(partial, language));
  }
  return files;
}

/** Every template: its key (language/client/name) and its source with partials in place. */
export function allTemplates(): { key: string; source: string }[] {
  const templates: { key: string; source: string }[] = [];
  for (const language of readdirSync(TEMPLATES_DIR).sort() as Language[]) {
    for (const client of readdirSync(join(TEMPLATES_DIR, language)).sort()) {
      if (client === PARTIALS_FOLDER) continue;
      for (const file of readdirSync(join(TEMPLATES_DIR, language, client)).sort()) {
        if (!file.endsWith(".eta")) continue;
        const name = file.slice(0, -".eta".length);
        templates.push({ key: templateKey(language, client, name), source: templateSource(join(TEMPLATES_DIR, language, client, file), language) });
      }
    }
  }
  return templates;
}

/** What eta's preamble defines for a template's code to call (include, layouts, blocks), and `this` (its config). */
const ETA_HELPERS = /\b(include|includeAsync|layout|output|capture|captureAsync|block|blockAsync|this)\b|__eta\.(?!res\b)/;

/**
 * One template as a function's source. eta's compiled function begins with about 1 KB of helpers
 * (include, layout, blocks) that the templates do not call, which was a quarter of the compiled
 * templates and of what every start loads; a template whose code uses none of them gets eta's body
 * alone. Any other keeps eta's whole function.
 */
function templateFunction(eta: Eta, source: string, name: string): string {
  const parts = eta.parse(source);
  const code = parts.filter((part) => typeof part !== "string").map((part) => part.val);
  if (code.some((text) => ETA_HELPERS.test(text))) return `function ${name}(it, options) {\n${quotesEscaped(eta.compileToString(source))}\n}`;
  return `function ${name}(it) {\nconst __eta = { res: "" };\n${quotesEscaped(eta.compileBody(parts))}return __eta.res;\n}`;
}

/** One line of eta's code that appends template text: a single-quoted literal, its quotes and newlines escaped by eta. */
const TEXT_LINE = /^(__eta\.res\+=')(.*)(';?)$/;

/**
 * The template text in eta's literals with `"` written `\x22`, the same string to JavaScript: a snippet's
 * own import line, with its package name in double quotes, would otherwise read, to a search of src/, as an
 * import of that package by hubref.
 */
function quotesEscaped(code: string): string {
  return code
    .split("\n")
    .map((line) => line.replace(TEXT_LINE, (_, head: string, text: string, tail: string) => `${head}${text.replaceAll('"', "\\x22")}${tail}`))
    .join("\n");
}

/** A text literal shorter than this stays where it is: a call would save little of its length. */
const SHARED_TEXT_MIN = 200;

/**
 * Literal text that more than one template appends, mostly from partials (Java's JSON helper class is in
 * every Java template), written once as a function that returns it: `__eta.res+=text0();`. The module is
 * most of the bundle that every start reads and parses, and each copy was parsed again; a function
 * declaration, as the templates' own, is compiled only when a template that calls it renders.
 */
function sharedTexts(functions: string[]): { functions: string[]; texts: string[] } {
  const uses = new Map<string, number>();
  for (const code of functions) {
    for (const line of code.split("\n")) {
      const literal = TEXT_LINE.exec(line)?.[2];
      if (literal !== undefined && literal.length >= SHARED_TEXT_MIN) uses.set(literal, (uses.get(literal) ?? 0) + 1);
    }
  }
  const names = new Map<string, string>();
  for (const [literal, count] of uses) if (count > 1) names.set(literal, `text${names.size}`);
  return {
    functions: functions.map((code) =>
      code
        .split("\n")
        .map((line) =>
          line.replace(TEXT_LINE, (whole, _head: string, literal: string, tail: string) => {
            const name = names.get(literal);
            return name === undefined ? whole : `__eta.res+=${name}()${tail.slice(1)}`;
          }),
        )
        .join("\n"),
    ),
    texts: [...names].map(([literal, name]) => `function ${name}() {\nreturn '${literal}';\n}`),
  };
}

/**
 * The module's source: one function declaration per template, then `export const COMPILED_TEMPLATES =
 * { "python/requests/basic": template0, ... }`. Declarations, not function expressions inside the table:
 * the bundle runs a lazily imported module's top level in a function of its own, compiled at every start
 * (Node's compile cache keeps only what V8 compiled with the file), and the functions declared stay out of
 * it, so that start parses only the table, not the text of every template.
 */
export function compiledTemplatesModule(): string {
  const eta = new Eta(ETA_OPTIONS);
  const templates = allTemplates();
  const { functions, texts } = sharedTexts(templates.map(({ source }, index) => templateFunction(eta, source, `template${index}`)));
  const entries = templates.map(({ key }, index) => `  ${JSON.stringify(key)}: template${index}`);
  return [
    "// @ts-nocheck: eta's code is checked by the tests against eta itself (test/inference/compiled-templates.test.ts), not by tsc.",
    "// Generated by `npm run build` (src/build/templates.ts) from templates/; not kept in git.",
    'import type { TemplateFunction } from "../template-source.js";',
    "",
    ...texts,
    ...functions,
    "",
    "/** Every template of templates/, by key (language/client folder/name). */",
    `export const COMPILED_TEMPLATES: Readonly<Record<string, TemplateFunction>> = {\n${entries.join(",\n")}\n};`,
    "",
  ].join("\n");
}
