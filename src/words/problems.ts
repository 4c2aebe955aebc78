import type { Failure, Hint, Problem, ProblemKind, ProblemOf } from "../outcome/problems.js";
import { CODE_WORDS, hintWords } from "./code-words.js";
import { HUB_WORDS } from "./hub-words.js";
import { INPUT_WORDS } from "./input-words.js";
import { LOCAL_WORDS } from "./local-words.js";
import { GGUF_WORDS } from "./gguf-words.js";
import { CATALOGUE_WORDS } from "./catalogue-words.js";
import { CHOICE_WORDS } from "./choice-words.js";
import { SEARCH_WORDS } from "./search-words.js";
import { HARDWARE_WORDS } from "./hardware-words.js";
import { LIBRARY_WORDS } from "./library-words.js";
import type { Names } from "./names.js";
import { TASK_INPUT_WORDS } from "./task-input-words.js";
import { SERVE_WORDS } from "./serve-words.js";
import type { Text } from "./text.js";

/*
 * The words of every problem, one function per kind, for any edge: the
 * command line and the library differ only in the names they give (names.ts).
 * A kind without words fails the type-check.
 */

type Words = { [K in ProblemKind]: (problem: ProblemOf<K>, names: Names) => Text };

const PROBLEM_WORDS: Words = {
  ...HUB_WORDS,
  ...INPUT_WORDS,
  ...GGUF_WORDS,
  ...CODE_WORDS,
  ...CATALOGUE_WORDS,
  ...CHOICE_WORDS,
  ...SEARCH_WORDS,
  ...HARDWARE_WORDS,
  ...LIBRARY_WORDS,
  ...TASK_INPUT_WORDS,
  ...SERVE_WORDS,
  ...LOCAL_WORDS,
  // Worded where it was made, with the command line's flags: the library names its options instead.
  worded: (problem, names) => {
    const words = names.edge === "cli" ? (text: string) => text : names.legacy;
    return problem.hint === undefined ? { message: words(problem.message) } : { message: words(problem.message), hint: words(problem.hint) };
  },
};

export function problemText(problem: Problem, names: Names): Text {
  const words = PROBLEM_WORDS[problem.kind] as (problem: Problem, names: Names) => Text;
  return words(problem, names);
}

/** Several problems and the hints beside them: one message a line, and the ways forward once each, joined. */
export function problemsText(problems: readonly Problem[], hints: readonly Hint[], names: Names): { messages: string[]; hint?: string } {
  const texts = problems.map((problem) => problemText(problem, names));
  const messages = [...new Set(texts.map((text) => text.message))];
  const ways = [...new Set([...texts.flatMap((text) => (text.hint === undefined ? [] : [text.hint])), ...hints.map((hint) => hintWords(hint, names))])];
  return ways.length > 0 ? { messages, hint: ways.join("; ") } : { messages };
}

/** A failure's words: every problem's message, and the ways forward. */
export function failureText(failure: Failure, names: Names): { messages: string[]; hint?: string } {
  return problemsText(failure.problems, failure.hints, names);
}

/**
 * What went wrong, in one line of an edge's words: a failure's messages, or another error's own message. A
 * failure is told by its shape, not its class: the screens hold a copy of this module, and a copy of the class
 * would be another class than the one the core throws.
 */
export function errorWords(error: unknown, names: Names): string {
  if (error instanceof Error && error.name === "Failure" && "problem" in error) return failureText(error as Failure, names).messages.join("; ");
  return error instanceof Error ? error.message : String(error);
}
