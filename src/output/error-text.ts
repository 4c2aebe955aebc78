import { terminalLine } from "./terminal-text.js";

/** Several problems in one error are joined by this, each shown on a line of its own. */
const NEXT_PROBLEM = "\nerror: ";

/** What an error says: its message (problems joined by NEXT_PROBLEM) and the way forward, as an edge worded them. */
export interface ErrorWords {
  readonly message: string;
  readonly hint?: string | undefined;
}

/**
 * Formats an error as the lines the user sees on stderr. Messages quote model
 * ids and file names from the hub, so every line goes through the terminal
 * sanitiser; a line break inside a quoted name is shown as `\n`, which keeps
 * one problem on one line.
 */
export function formatError(error: ErrorWords): string {
  const lines = [`error: ${error.message.split(NEXT_PROBLEM).map(terminalLine).join(NEXT_PROBLEM)}`];
  if (error.hint) lines.push(`hint: ${terminalLine(error.hint)}`);
  return `${lines.join("\n")}\n`;
}

/** Several messages as one error's message: each is a line of its own when formatError prints it. */
export function joinedMessages(messages: readonly string[]): string {
  return messages.join(NEXT_PROBLEM);
}
