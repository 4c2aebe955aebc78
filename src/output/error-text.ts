import type { HubrefError } from "../errors.js";
import { terminalLine } from "./terminal-text.js";

/** Several problems in one error are joined by this, each shown on a line of its own. */
const NEXT_PROBLEM = "\nerror: ";

/**
 * Formats an error as the lines the user sees on stderr. Messages quote model
 * ids and file names from the hub, so every line goes through the terminal
 * sanitiser; a line break inside a quoted name is shown as `\n`, which keeps
 * one problem on one line.
 */
export function formatError(error: HubrefError): string {
  const lines = [`error: ${error.message.split(NEXT_PROBLEM).map(terminalLine).join(NEXT_PROBLEM)}`];
  if (error.hint) lines.push(`hint: ${terminalLine(error.hint)}`);
  return `${lines.join("\n")}\n`;
}
