import type { KindSpec, ProblemClass, RecordsOf } from "./kind.js";
import { HUB_PROBLEMS } from "./hub-problems.js";
import { INPUT_PROBLEMS } from "./input-problems.js";
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
  ...SERVE_PROBLEMS,
} as const satisfies Record<string, KindSpec<object, ProblemClass>>;

export type Problem = RecordsOf<typeof PROBLEMS>;
export type ProblemKind = Problem["kind"];
export type ProblemOf<K extends ProblemKind> = Extract<Problem, { kind: K }>;

/** A problem on its way up: thrown by fail(), caught at an edge. */
export class Failure extends Error {
  constructor(readonly problem: Problem) {
    // The kind, not words: a stack trace names what happened, the edges say it.
    super(problem.kind);
    this.name = "Failure";
  }
}

export function fail(problem: Problem): never {
  throw new Failure(problem);
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
