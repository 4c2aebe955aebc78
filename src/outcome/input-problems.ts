import { problemKind } from "./kind.js";

/*
 * What the user handed over and hubref could not read: a metadata file,
 * stdin, JSON text, a model id.
 */

export const INPUT_PROBLEMS = {
  "input-missing": problemKind<{ path: string }>("usage"),
} as const;
