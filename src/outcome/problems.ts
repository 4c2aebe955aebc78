import type { KindSpec, ProblemClass, RecordsOf } from "./kind.js";
import { HUB_PROBLEMS } from "./hub-problems.js";
import { INPUT_PROBLEMS } from "./input-problems.js";
import { LOCAL_PROBLEMS } from "./local-problems.js";
import { GGUF_PROBLEMS } from "./gguf-problems.js";
import { CODE_PROBLEMS } from "./code-problems.js";
import { CATALOGUE_PROBLEMS } from "./catalogue-problems.js";
import { CHOICE_PROBLEMS } from "./choice-problems.js";
import { SEARCH_PROBLEMS } from "./search-problems.js";
import { HARDWARE_PROBLEMS } from "./hardware-problems.js";
import { LIBRARY_PROBLEMS } from "./library-problems.js";
import { WORDED_PROBLEMS } from "./worded-problems.js";
import type { CodeHint } from "./hints.js";
import { TASK_INPUT_PROBLEMS } from "./task-input-problems.js";
import { SERVE_PROBLEMS } from "./serve-problems.js";

/*
 * Every problem hubref can report, by kind, with its data. A domain function
 * that cannot go on calls fail() with a record of one of these kinds; the
 * edges word it (src/words/) and decide what it means there: an exit code on
 * the command line, a problem code in the library and MCP. Nothing below the
 * edges reads a message, so a change of wording cannot change a verdict.
 *
 * Each area keeps its kinds in a table of its own (hub-problems.ts, …); this
 * one joins them, and a kind declared twice fails the type-check.
 */

export const PROBLEMS = {
  ...HUB_PROBLEMS,
  ...INPUT_PROBLEMS,
  ...LOCAL_PROBLEMS,
  ...GGUF_PROBLEMS,
  ...CODE_PROBLEMS,
  ...CATALOGUE_PROBLEMS,
  ...CHOICE_PROBLEMS,
  ...SEARCH_PROBLEMS,
  ...HARDWARE_PROBLEMS,
  ...LIBRARY_PROBLEMS,
  ...WORDED_PROBLEMS,
  ...TASK_INPUT_PROBLEMS,
  ...SERVE_PROBLEMS,
} as const satisfies Record<string, KindSpec<object, ProblemClass>>;

export type Problem = RecordsOf<typeof PROBLEMS>;
export type ProblemKind = Problem["kind"];
export type ProblemOf<K extends ProblemKind> = Extract<Problem, { kind: K }>;

/** A way forward that belongs to no one problem (the languages another provider has). */
export type Hint = CodeHint;

/**
 * Problems on their way up: thrown by fail(), caught at an edge. Mostly one;
 * several where each is a reason (every client that had no snippet), with the
 * ways forward that go with them all.
 */
export class Failure extends Error {
  constructor(
    readonly problem: Problem,
    readonly more: readonly Problem[] = [],
    readonly hints: readonly Hint[] = [],
  ) {
    // The kind, not words: a stack trace names what happened, the edges say it.
    super(problem.kind);
    this.name = "Failure";
  }

  get problems(): readonly Problem[] {
    return [this.problem, ...this.more];
  }
}

export function fail(problem: Problem): never {
  throw new Failure(problem);
}

/** Fails with every problem given (at least one), in order, and the hints beside them. */
export function failAll(problems: readonly Problem[], hints: readonly Hint[] = []): never {
  const [first, ...more] = problems;
  throw new Failure(first ?? { kind: "no-snippet" }, more, hints);
}

export function isFailure(error: unknown): error is Failure {
  return error instanceof Failure;
}

export function problemClass(problem: Problem): ProblemClass {
  return PROBLEMS[problem.kind].tag;
}

/** Whether a thrown value is a problem the asker can fix: a verdict on what was asked, which a caller may report instead of failing. */
export function isUsageFailure(error: unknown): error is Failure {
  return isFailure(error) && problemClass(error.problem) === "usage";
}
