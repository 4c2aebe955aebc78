import { shellWord } from "../format/shell.js";
import type { ModelOffer, SnippetCommand } from "../offer/offer.js";
import { FLAG_NAMES } from "./cli-names.js";

/*
 * The commands a person runs, written out: what a model's offer says each
 * way of using it asks, as a `hubref snippet` command line. The command line's
 * flags are named here, at the edge, for every edge: the library's offer
 * carries the same commands as `hubref model --json`.
 */

/** `hubref snippet ID --app llama.cpp --quant Q4_K_M --fits …`: every word a shell word. */
export function snippetCommandLine(command: SnippetCommand): string {
  const words = ["hubref", "snippet", shellWord(command.model)];
  if (command.provider !== undefined) words.push(FLAG_NAMES.provider, shellWord(command.provider));
  if (command.app !== undefined) words.push(FLAG_NAMES.app, shellWord(command.app));
  if (command.quant !== undefined) words.push(FLAG_NAMES.quant, shellWord(command.quant));
  if (command.library) words.push(FLAG_NAMES.library);
  // The run's words are the command line's own, as it was given them: already shell words.
  if (command.run) words.push(...command.run);
  return words.join(" ");
}

/** The offer with each command written out. */
export function writtenOffer(offer: ModelOffer<SnippetCommand>): ModelOffer {
  const write = (command: SnippetCommand | null) => (command === null ? null : snippetCommandLine(command));
  return {
    ...offer,
    inferenceCommand: write(offer.inferenceCommand),
    providers: offer.providers.map((provider) => ({ ...provider, command: write(provider.command) })),
    apps: offer.apps.map((app) => ({ ...app, command: snippetCommandLine(app.command) })),
    libraryCode: offer.libraryCode === null ? null : { ...offer.libraryCode, command: snippetCommandLine(offer.libraryCode.command) },
    quants: offer.quants === null ? null : offer.quants.map((quant) => ({ ...quant, command: write(quant.command) })),
  };
}
