/*
 * Commander writes its own parse errors. They follow hubref's rules here:
 * `error: ...` on one line, and its "(Did you mean X?)" as a `hint:` line.
 */

const SUGGESTION = /\n\(Did you mean (?:one of )?(.+)\?\)\n?$/;

/** Commander's error text in hubref's two-line form. */
export function commanderErrorText(text: string): string {
  const match = SUGGESTION.exec(text);
  const message = (match ? text.slice(0, match.index) : text).trimEnd();
  if (match) {
    const names = match[1]!.split(", ").map((name) => `'${name}'`);
    return `${message}\nhint: did you mean ${names.join(" or ")}?\n`;
  }
  if (message.startsWith("error: unknown command ")) return `${message}\nhint: run \`hubref --help\` for the commands\n`;
  // -v is --version in many tools; here it is -V, as commander has it.
  if (message === "error: unknown option '-v'") return `${message}\nhint: -V or --version prints the version\n`;
  if (message.startsWith("error: missing required argument ")) return `${message}\nhint: run with --help for what it takes and examples\n`;
  return `${message}\n`;
}
