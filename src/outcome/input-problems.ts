import { problemKind } from "./kind.js";

/*
 * What the user handed over and hubref could not read: a metadata file,
 * stdin, JSON text, a model id.
 */

export const INPUT_PROBLEMS = {
  "input-missing": problemKind<{ path: string }>("usage"),
  /** A MODEL argument that is neither a file nor a model id; `why` says what the id lacks. */
  "not-a-model": problemKind<{ given: string; why: string }>("usage"),
  /** A URL that names no model's page on the hub. */
  "not-a-model-page": problemKind<{ given: string }>("usage"),
} as const;
