import type { Language } from "../format/languages.js";
import type { ClientOf } from "./id-lists.js";
import type { ClientMethod } from "./client-methods.js";
import type { SnippetContext } from "./fields/context.js";
import type { FieldsFunction, InferenceLanguage } from "./fields/language.js";
import type { TemplateFields } from "./fields/common.js";
import { PYTHON_INFERENCE } from "./fields/python.js";
import { JS_INFERENCE } from "./fields/js.js";
import { SHELL_INFERENCE } from "./fields/shell.js";
import { GO_INFERENCE } from "./fields/go.js";
import { JAVA_INFERENCE } from "./fields/java.js";
import { RUBY_INFERENCE } from "./fields/ruby.js";
import { PHP_INFERENCE } from "./fields/php.js";

export type { InferenceLanguage };

/*
 * Each language's part of the snippet engine, from its own module in
 * fields/ (its other part is its descriptor, src/format/<language>.ts):
 * each client's fields function, the hub client's methods, what a tool's
 * function is called, and how a rendered program is completed. Typed by
 * language, so a language missing here fails the type-check, and each
 * language names a fields function for exactly its own clients.
 */
const PARTS = {
  python: PYTHON_INFERENCE,
  js: JS_INFERENCE,
  sh: SHELL_INFERENCE,
  go: GO_INFERENCE,
  java: JAVA_INFERENCE,
  ruby: RUBY_INFERENCE,
  php: PHP_INFERENCE,
} as const satisfies { readonly [L in Language]: InferenceLanguage<L> };

/** The same table, as the engine reads it for any language. */
export const INFERENCE_LANGUAGES: { readonly [L in Language]: InferenceLanguage<L> } = PARTS;

type Languages = typeof PARTS;

/**
 * The fields a client's templates read: what its fields function returns. Each compiled template takes
 * exactly this (src/inference/generated/templates.ts), so tsc checks every field a template reads.
 */
export type FieldsOf<L extends Language, C> = C extends keyof Languages[L]["fields"]
  ? Languages[L]["fields"][C] extends ((...args: never[]) => infer F extends TemplateFields)
    ? F
    : never
  : never;

/** The fields of one client's templates for a call. */
export function fieldsOf<L extends Language, C extends ClientOf<L>>(
  language: L,
  client: C,
  context: SnippetContext,
  method: ClientMethod | undefined,
): FieldsOf<L, C> {
  const fields: Readonly<Record<string, FieldsFunction>> = PARTS[language].fields;
  return fields[client]!(context, method) as FieldsOf<L, C>;
}
