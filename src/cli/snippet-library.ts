import type { CommandContext } from "./context.js";
import { usageError } from "../errors.js";
import { renderJson } from "../output/output.js";
import type { ModelData } from "../model/schema.js";
import type { LibrarySnippet } from "../catalogue/schemas/library-snippet.js";
import type { FileRequest } from "../apps/select.js";
import { FORMAT_LIBRARIES, hasSnippetGenerator, libraryKeyOf, librarySnippets } from "../libraries/registry.js";
import { comment, onlyFallback, type LibraryRequest } from "../libraries/generator.js";
import { ggufLoad } from "../libraries/gguf-choice.js";

/*
 * `hubref snippet MODEL --library`: the usage code of the model's own library,
 * as a model page shows it, instead of inference API calls.
 */

export interface LibrarySnippetOutput {
  model: string;
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
  const library = libraryKeyOf(model);
  if (model.pipeline_tag !== undefined || library === undefined || !hasSnippetGenerator(library)) return undefined;
  return "its library's usage code is there: add --library";
}

export async function modelLibrarySnippets(model: ModelData, file: FileRequest = {}, notes: string[] = []): Promise<LibrarySnippetOutput[]> {
  const library = libraryKeyOf(model);
  if (library === undefined) {
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
  const flag = file.quant !== undefined ? "--quant" : file.file !== undefined ? "--file" : file.fits !== undefined ? "--fits" : undefined;
  if (flag !== undefined && library !== FORMAT_LIBRARIES.gguf) {
    throw usageError(`${flag} picks a GGUF file, and the ${shown(library)} code of ${model.id} loads none`);
  }
  const request: LibraryRequest = {};
  if (library === FORMAT_LIBRARIES.gguf) {
    const chosen = ggufLoad(model, file);
    request.gguf = chosen.load;
    notes.push(...chosen.notes);
  }
  const blocks = (await librarySnippets(library, model, request)) ?? [];
  // Only comments saying what is missing: printing them as the code would pass a non-answer off as one.
  if (onlyFallback(blocks)) {
    const { reason, wayForward } = blocks.find((block) => block.fallback)!.fallback!;
    throw usageError(`${model.id}: no ${shown(library)} usage code from its metadata: ${reason}`, wayForward);
  }
  return blocks.map((block) => ({ model: model.id, library, language: block.language, content: block.content }));
}

/** One block prints as it is; several each get a comment line naming library and language, and the model when there are several. */
export function renderLibrarySnippets(outputs: LibrarySnippetOutput[]): string {
  if (outputs.length === 1) return withNewline(outputs[0]!.content);
  const models = new Set(outputs.map((output) => output.model)).size;
  return outputs
    .map((output) => {
      const title = `${output.library} (${output.language})`;
      return `${comment(output.language, models > 1 ? `${output.model}: ${title}` : title)}\n${withNewline(output.content)}`;
    })
    .join("\n");
}

function withNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}

export async function printLibrarySnippets(
  models: ModelData[],
  json: boolean,
  context: CommandContext,
  language?: LibrarySnippet["language"],
  file: FileRequest = {},
): Promise<void> {
  const outputs: LibrarySnippetOutput[] = [];
  const notes: string[] = [];
  for (const model of models) {
    const blocks = await modelLibrarySnippets(model, file, notes);
    const kept = language === undefined ? blocks : blocks.filter((block) => block.language === language);
    if (kept.length === 0 && blocks.length > 0) {
      const languages = [...new Set(blocks.map((block) => block.language))];
      throw usageError(`${model.id}: the library ${shown(blocks[0]!.library)} has no ${language} usage code`, `its usage code is in: ${languages.join(", ")}`);
    }
    outputs.push(...kept);
  }
  for (const note of notes) context.stderr.write(`note: ${note.replace(/[\r\n]+/g, " ")}\n`);
  context.stdout.write(json ? renderJson(outputs) : renderLibrarySnippets(outputs));
}
