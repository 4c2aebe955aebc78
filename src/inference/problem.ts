import type { Problem } from "../outcome/problems.js";

/**
 * Why one model gets no snippet (or not the one asked for). The engine
 * catches it and reports the problem with the model's findings, and goes on
 * with the other models; the command exits 2 when no model produced
 * anything. Bad usage is not one of these: it fails the command (fail()).
 */
export class SnippetProblem extends Error {
  constructor(readonly problem: Problem) {
    super(problem.kind);
    this.name = "SnippetProblem";
  }
}
