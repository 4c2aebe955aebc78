import type { NoteLevel } from "../outcome/kind.js";
import { noteLevel, type Note } from "../outcome/notes.js";
import { isFailure, problemClass, type Failure, type Problem } from "../outcome/problems.js";
import { ExitCode, HubrefError } from "../errors.js";
import { noteText } from "../words/notes.js";
import { failureText, problemText } from "../words/problems.js";
import type { Text } from "../words/text.js";
import { CLI_NAMES } from "../words/cli-names.js";
import { joinedMessages } from "../output/error-text.js";

/*
 * The command line's edge: problems and notes worded with its flags and
 * environment variables, and a problem's class as an exit code.
 */

export { CLI_NAMES };

export function cliText(problem: Problem): Text {
  return problemText(problem, CLI_NAMES);
}

export function exitCodeOf(problem: Problem): ExitCode {
  return problemClass(problem) === "usage" ? ExitCode.usage : ExitCode.operational;
}

/** A note as its line says it: `note: …` or `warning: …`; one its area still words itself is a note. */
export function noteLine(note: Note | string): { level: NoteLevel; text: string } {
  return typeof note === "string" ? { level: "note", text: note } : { level: noteLevel(note), text: noteText(note, CLI_NAMES) };
}

/** hubref's own failure as the command line reports it (words, hint, exit code); undefined for anything else, a bug. */
export function cliError(error: unknown): HubrefError | undefined {
  if (isFailure(error)) {
    const text = failureText(error, CLI_NAMES);
    // Several problems are one error line each (formatError splits them there).
    return new HubrefError(joinedMessages(text.messages), exitCodeOf(error.problem), text.hint);
  }
  return error instanceof HubrefError ? error : undefined;
}

/** A problem or a message the domain still words itself, as the command line says it. */
export function cliWords(said: Problem | string): string {
  return typeof said === "string" ? said : cliText(said).message;
}

/** A failure as the command line's error, for the parts that return it rather than throw. */
export function cliFailure(failure: Failure): HubrefError {
  return cliError(failure)!;
}
