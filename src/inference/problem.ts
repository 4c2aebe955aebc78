/**
 * Why one model gets no snippet (or not the one asked for). The engine
 * reports it and goes on with the other models; the command exits 2 when no
 * model produced anything. `hint` is the way forward, shown on a line of its own.
 */
export class SnippetProblem extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = "SnippetProblem";
  }
}

export function templateNotFoundMessage(language: string, client: string, task: string): string {
  return `${client} (${language}) has no ${task} snippet`;
}
