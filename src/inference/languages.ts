import type { Language } from "../format/languages.js";
import type { ClientOf } from "./id-lists.js";
import type { InferenceTask, ProviderId } from "./ids.js";
import { JS_METHODS, PYTHON_METHODS, pythonClientRefuses, type ClientMethod } from "./client-methods.js";
import type { SnippetContext } from "./fields/context.js";
import { pythonFields } from "./fields/python.js";
import { jsFields } from "./fields/js.js";
import { shellFields } from "./fields/shell.js";
import { goFields } from "./fields/go.js";
import { javaFields } from "./fields/java.js";
import { rubyFields } from "./fields/ruby.js";
import { phpFields } from "./fields/php.js";

/*
 * What the snippet engine needs of each language beyond its descriptor
 * (src/format/languages.ts) and its clients' (id-lists.ts): the function that
 * computes a template's fields, and for a language with a hub client library,
 * that library's method per task. Typed by language, so a language missing
 * here fails the type-check, and each fields function takes its own
 * language's clients only.
 */

export interface InferenceLanguage<L extends Language> {
  /** The values a template of `client` reads; `method` is the hub client's method for the task, when the call has one. */
  fields(client: ClientOf<L>, context: SnippetContext, method: ClientMethod | undefined): object;
  /** The language's hub client (`api: "hub"`): its method per task, where it has one. */
  hub?: {
    methods: Readonly<Record<InferenceTask, ClientMethod | undefined>>;
    /** Whether it refuses a task at a provider although it has a method for it. */
    refuses?(provider: ProviderId, task: InferenceTask): boolean;
  };
}

export const INFERENCE_LANGUAGES: { readonly [L in Language]: InferenceLanguage<L> } = {
  python: { fields: pythonFields, hub: { methods: PYTHON_METHODS, refuses: pythonClientRefuses } },
  js: { fields: jsFields, hub: { methods: JS_METHODS } },
  sh: { fields: shellFields },
  go: { fields: goFields },
  java: { fields: javaFields },
  ruby: { fields: rubyFields },
  php: { fields: phpFields },
};
