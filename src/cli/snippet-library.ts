import type { CommandContext } from "./context.js";
import { usageError } from "../errors.js";
import { renderJson } from "../output/output.js";
import type { ModelData } from "../model/schema.js";
import type { LibrarySnippet } from "../libraries/generator.js";
import { hasSnippetGenerator, librarySnippets } from "../libraries/registry.js";
import { comment } from "../libraries/generator.js";

/*
 * `hubref snippet MODEL --library`: the usage code of the model's own library,
 * as a model page shows it, instead of inference API calls.
 */

export interface LibrarySnippetOutput {
  library: string;
  language: LibrarySnippet["language"];
  content: string;
}

/** A library name from metadata is untrusted: show it in messages only when it is a plain key. */
function shown(name: string): string {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name) ? `'${name}'` : "(an unprintable name)";
}

/**
 * For a model with no pipeline tag (so no inference snippet) whose library has
 * usage code: the way forward, for the error's hint.
 */
export function libraryHintFor(model: ModelData): string | undefined {
  const library = model.library_name;
  if (model.pipeline_tag !== undefined || library === undefined || !hasSnippetGenerator(library)) return undefined;
  return "its library's usage code is there: add --library";
}

export async function modelLibrarySnippets(model: ModelData): Promise<LibrarySnippetOutput[]> {
  const library = model.library_name;
  if (library === undefined || library === "") {
    throw usageError(
      `${model.id}: the metadata names no library (library_name), so there is no library usage code`,
      "leave out --library for inference API snippets",
    );
  }
  if (!hasSnippetGenerator(library)) {
    throw usageError(
      `${model.id}: the library ${shown(library)} has no usage snippets`,
      "`hubref libraries --with-snippets` lists the libraries that have them",
    );
  }
  const blocks = (await librarySnippets(library, model)) ?? [];
  return blocks.map((block) => ({ library, language: block.language, content: block.content }));
}

/** One block prints as it is; several each get a comment line naming library and language. */
export function renderLibrarySnippets(outputs: LibrarySnippetOutput[]): string {
  if (outputs.length === 1) return withNewline(outputs[0]!.content);
  return outputs.map((output) => `${comment(output.language, `${output.library} (${output.language})`)}\n${withNewline(output.content)}`).join("\n");
}

function withNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}

export async function printLibrarySnippets(models: ModelData[], json: boolean, context: CommandContext, language?: LibrarySnippet["language"]): Promise<void> {
  const outputs: LibrarySnippetOutput[] = [];
  for (const model of models) {
    const blocks = await modelLibrarySnippets(model);
    const kept = language === undefined ? blocks : blocks.filter((block) => block.language === language);
    if (kept.length === 0 && blocks.length > 0) {
      const languages = [...new Set(blocks.map((block) => block.language))];
      throw usageError(`${model.id}: the library ${shown(blocks[0]!.library)} has no ${language} usage code`, `its usage code is in: ${languages.join(", ")}`);
    }
    outputs.push(...kept);
  }
  context.stdout.write(json ? renderJson(outputs) : renderLibrarySnippets(outputs));
}
