import type { Language } from "../../format/languages.js";
import type { ClientOf } from "../id-lists.js";
import type { InferenceTask, ProviderId } from "../ids.js";
import type { ClientMethod } from "../client-methods.js";
import type { ToolNaming } from "../tools.js";
import type { ImportRule } from "./program-names.js";
import type { TemplateFields } from "./common.js";
import type { SnippetContext } from "./context.js";

/*
 * What a language is to the snippet engine, beyond its descriptor one floor
 * down (src/format/<language>.ts: literals, label, clients, ...): each
 * language's module in this folder (python.ts ... php.ts) exports one
 * `InferenceLanguage`, and src/inference/languages.ts lists them.
 */

/** The values one client's templates read, computed for a call; `method` is the hub client's method for the task, when the call has one. */
export type FieldsFunction = (context: SnippetContext, method: ClientMethod | undefined) => TemplateFields;

export interface InferenceLanguage<L extends Language> {
  /**
   * Each client's fields function. The type each returns is what that client's templates are compiled
   * against (`FieldsOf` in src/inference/languages.ts), so tsc checks every field a template reads.
   */
  fields: { readonly [C in ClientOf<L>]: FieldsFunction };
  /** The language's hub client (`api: "hub"`): its method per task, where it has one. */
  hub?: {
    methods: Readonly<Record<InferenceTask, ClientMethod | undefined>>;
    /** Whether it refuses a task at a provider although it has a method for it. */
    refuses?(provider: ProviderId, task: InferenceTask): boolean;
  };
  /** What a --tools snippet calls each tool's local function. */
  toolNames: ToolNaming;
  /**
   * What its programs import, read off their code as they render (program-names.ts), not predicted by the
   * fields, and how the import lines are put in place.
   */
  imports?: ImportRule;
}
