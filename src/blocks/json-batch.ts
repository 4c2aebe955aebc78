import type { ModelData } from "../model/schema.js";
import { readModelFile } from "../model/read-model.js";
import type { Hub } from "../model/hub/hub.js";
import { resolveModelArgument, type ModelSource } from "../model/resolve.js";
import type { Problem } from "../outcome/problems.js";
import type { SettledOptions, Snippet } from "../inference/snippet.js";
import { arrayElement } from "../output/stream-writer.js";
import type { CodeBlock, InferenceBlock, LibraryBlock, LocalBlock } from "./code-block.js";
import { inferenceBlocks, refusalOf, type Blocks } from "./model-blocks.js";

/*
 * `hubref snippet MODEL... --json` over many models, one model at a time:
 * its array elements and what it said, which the command groups.
 */

/**
 * What one model of a batch said besides its code; the command groups these
 * (src/cli/snippet-run.ts). `refused`: the generator refused the model
 * outright, and why. Else `made` blocks came out (none: the problems say why).
 */
export type ModelReport = { model: string; ref: string } & ({ refused: Problem | string } | (Omit<Blocks<InferenceBlock>, "blocks"> & { made: number }));

/** How a suggested command names the model: the file the user gave (a hub lookup may not work offline), or its id. */
export function modelRef(arg: string, model: ModelData): string {
  return arg === "-" ? model.id : arg;
}

/*
 * `--json` prints one shape in every mode (inference calls, --library, --app):
 * an array of blocks, each with model, source, language, the tool that picks
 * it (client, library or app), title (the header a printed block carries) and
 * content, then what that source adds (provider; a step's kind, quant, file).
 */

/** What a printed inference block's header says, and its `title` in `--json`. */
export function inferenceTitle(snippet: Pick<Snippet, "language" | "client" | "provider">): string {
  return `${snippet.language} / ${snippet.client} / ${snippet.provider}`;
}

/** What a printed library block's header says: the library, language and what sets the block apart, if anything. */
export function libraryTitle(block: Pick<LibraryBlock, "library" | "language" | "title">): string {
  return `${block.library} (${block.language}${block.title === undefined ? "" : `, ${block.title}`})`;
}

/** An inference call as `--json` prints it (the library's Snippet too). */
export function inferenceJson({ model, language, client, provider, content }: Snippet) {
  return { model, source: "inference" as const, language, client, provider, title: inferenceTitle({ language, client, provider }), content };
}

/** A library block as `--json` prints it. */
export function libraryJson(block: LibraryBlock) {
  const { model, library, language, content } = block;
  return { model, source: "library" as const, language, library, title: libraryTitle(block), content };
}

/** A local app's block as `--json` prints it: one element per step (install, download, run), each its own block. */
export function localJson(block: LocalBlock) {
  return block.steps.map(({ model, app, language, title, content, ...step }) => ({ model, source: "local" as const, language, app, title, content, ...step }));
}

export type BlockJson = ReturnType<typeof inferenceJson> | ReturnType<typeof libraryJson> | ReturnType<typeof localJson>[number];

/** Any blocks as `--json` prints them, in order; the library's snippets (without a source) too. */
export function blocksJson(blocks: readonly (CodeBlock | Snippet)[]): BlockJson[] {
  return blocks.flatMap((block): BlockJson[] => {
    if (!("source" in block) || block.source === "inference") return [inferenceJson(block)];
    if (block.source === "library") return [libraryJson(block)];
    return localJson(block);
  });
}

/** One model's blocks in a batch of several: a model the generator refuses is reported, so the others still run. */
export function batchBlocks(model: ModelData, options: SettledOptions, ref: string): { blocks: InferenceBlock[]; report: ModelReport } {
  let result: Blocks<InferenceBlock>;
  try {
    result = inferenceBlocks(model, options, ref);
  } catch (error) {
    return { blocks: [], report: { model: model.id, ref, refused: refusalOf(error) } };
  }
  const { blocks, ...said } = result;
  return { blocks, report: { model: model.id, ref, made: blocks.length, ...said } };
}

/** One model's part of a batch's array: its elements, joined by ",\n" as the array joins them. */
export interface JsonPart {
  elements: string;
  count: number;
  report: ModelReport;
}

export function batchJson(model: ModelData, options: SettledOptions, ref: string): JsonPart {
  const { blocks, report } = batchBlocks(model, options, ref);
  let elements = "";
  for (const block of blocks) elements += `${elements === "" ? "" : ",\n"}${arrayElement(inferenceJson(block))}`;
  return { elements, count: blocks.length, report };
}

/**
 * A batch's models, read and checked before any output so that bad input
 * stops the command before it prints. What cannot be read twice (stdin, a
 * pipe) or cheaply (the hub) is kept from that first reading, and so are the
 * models of the first `keptFileBytes` of files; the files past it are read
 * again, so memory stays flat however many are given.
 */
export class CheckedModels {
  private readonly kept = new Map<number, ModelData>();
  private keptBytes = 0;

  constructor(private readonly keptFileBytes: number) {}

  /** Reads the model at `index` of the batch as resolveModel does, and says where it came from; throws what resolveModel throws. */
  async check(index: number, arg: string, hub: Hub): Promise<ModelSource["kind"]> {
    const { model, fileBytes, source } = await resolveModelArgument(arg, hub);
    this.keep(index, model, fileBytes);
    return source.kind;
  }

  /** Keeps a model read from a regular file of `fileBytes`, or from anywhere else (undefined). */
  private keep(index: number, model: ModelData, fileBytes: number | undefined): void {
    if (fileBytes === undefined) this.kept.set(index, model);
    else if (this.keptBytes + fileBytes <= this.keptFileBytes) {
      this.keptBytes += fileBytes;
      this.kept.set(index, model);
    }
  }

  /** The model at `index`, once: kept, or read again from its file without asking the file system what it is. */
  async take(index: number, arg: string): Promise<ModelData> {
    const model = this.kept.get(index) ?? (await readModelFile(arg));
    this.kept.delete(index);
    return model;
  }
}
