import { CLI_NAMES } from "../../src/words/cli-names.js";
import { hintWords } from "../../src/words/code-words.js";
import { noteText } from "../../src/words/notes.js";
import { problemText } from "../../src/words/problems.js";
import { noteLevel, type Note } from "../../src/outcome/notes.js";
import type { Hint, Problem } from "../../src/outcome/problems.js";
import { generateSnippets } from "../../src/inference/engine.js";

/*
 * What the domain found, in the command line's words: tests of the engine
 * and the code blocks read them as a user of the command line would.
 */

interface Findings {
  problems: readonly (Problem | string)[];
  hints?: readonly Hint[];
  notes: readonly (Note | string)[];
}

export interface Worded {
  problems: string[];
  /** Each problem's own way forward, then the hints beside them. */
  hints: string[];
  notes: string[];
  warnings: string[];
}

export function worded<F extends Findings>(findings: F): Omit<F, keyof Worded> & Worded {
  const texts = findings.problems.map((problem) => (typeof problem === "string" ? { message: problem } : problemText(problem, CLI_NAMES)));
  const notes: string[] = [];
  const warnings: string[] = [];
  for (const note of findings.notes) {
    if (typeof note === "string") notes.push(note);
    else (noteLevel(note) === "warning" ? warnings : notes).push(noteText(note, CLI_NAMES));
  }
  return {
    ...findings,
    problems: texts.map((text) => text.message),
    hints: [
      ...texts.flatMap((text) => ("hint" in text && text.hint !== undefined ? [text.hint] : [])),
      ...(findings.hints ?? []).map((hint) => hintWords(hint, CLI_NAMES)),
    ],
    notes,
    warnings,
  };
}

/** generateSnippets, its findings worded. */
export function wordedSnippets(...args: Parameters<typeof generateSnippets>) {
  return worded(generateSnippets(...args));
}

/** A note in the command line's words. */
export function noteWords(note: Note | string): string {
  return typeof note === "string" ? note : noteText(note, CLI_NAMES);
}

/** A problem's message and hint in the command line's words. */
export function problemWords(problem: Problem): { message: string; hint?: string } {
  return problemText(problem, CLI_NAMES);
}
