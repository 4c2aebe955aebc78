import { problemKind } from "./kind.js";

/*
 * A problem still worded where it was made: the areas whose refusals are not
 * records yet (local apps, library generators) hand their words on in this
 * kind, so a failure can carry them beside records. It goes as those areas
 * move to records of their own.
 */
export const WORDED_PROBLEMS = {
  worded: problemKind<{ message: string; hint?: string }>("usage"),
} as const;
