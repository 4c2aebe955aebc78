import type { Problem, ProblemKind, ProblemOf } from "../outcome/problems.js";
import { HUB_WORDS } from "./hub-words.js";
import { INPUT_WORDS } from "./input-words.js";
import type { Names } from "./names.js";
import { SERVE_WORDS } from "./serve-words.js";
import type { Text } from "./text.js";

/*
 * The words of every problem, one function per kind, for any edge: the
 * command line and the library differ only in the names they give (names.ts).
 * A kind without words fails the type-check.
 */

type Words = { [K in ProblemKind]: (problem: ProblemOf<K>, names: Names) => Text };

const PROBLEM_WORDS: Words = { ...HUB_WORDS, ...INPUT_WORDS, ...SERVE_WORDS };

export function problemText(problem: Problem, names: Names): Text {
  const words = PROBLEM_WORDS[problem.kind] as (problem: Problem, names: Names) => Text;
  return words(problem, names);
}
