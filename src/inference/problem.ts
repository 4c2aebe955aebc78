/**
 * Why one model gets no snippet (or not the one asked for). The engine
 * reports it and goes on with the other models; the command exits 2 when no
 * model produced anything.
 */
export class SnippetProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SnippetProblem";
  }
}

export function noProviderHelper(provider: string, task: string): SnippetProblem {
  return new SnippetProblem(`Failed to get provider helper for ${provider} (${task})`);
}

export function templateNotFoundMessage(language: string, client: string, task: string): string {
  return `Template not found: ${language}/${client}/${task}`;
}
