import { isUsageError } from "../errors.js";
import type { ModelData } from "../model/schema.js";
import type { Note } from "../outcome/notes.js";
import { Failure, fail, isFailure, type Hint, type Problem } from "../outcome/problems.js";
import { generateSnippets, onlyRunsLocally } from "../inference/engine.js";
import { PROVIDER_IDS } from "../inference/id-lists.js";
import { liveProviders, providerMappings } from "../model/provider-mapping.js";
import { isChatModel } from "../model/chat.js";
import type { SettledOptions } from "../inference/snippet.js";
import { generateAppSnippets, renderAppSnippets, type AppSnippets, type AppRequest } from "../apps/generate.js";
import { appsForModel } from "../apps/formats.js";
import { ggufRepo, type GgufRepo } from "../apps/gguf-files.js";
import { appEntries, findApp } from "../apps/registry.js";
import { notedSettings, runSettingsOf, type AppNote } from "../apps/steps.js";
import { quantCatalogue } from "../quant/catalogue.js";
import type { LocalContext, LocalRun } from "../local/run.js";
import { quantRuns, runOf } from "../local/run.js";
import type { SnippetLanguage } from "../libraries/generator.js";
import { FORMAT_LIBRARIES, hasSnippetGenerator, libraryKeyOf, libraryKeysOf, librarySnippets } from "../libraries/registry.js";
import { baseModelOf, onlyFallback, type LibraryRequest } from "../libraries/generator.js";
import { accessNotes } from "../model/access.js";
import { commentLine } from "../format/languages.js";
import { ggufLoad } from "../libraries/gguf-choice.js";
import type { InferenceBlock, LibraryBlock, LocalBlock, LocalQuant } from "./code-block.js";

/*
 * The code blocks one model offers, by source. Each function here is the only
 * way its source's blocks are made: the printing command, --json and the
 * picker all call them.
 */

/** Several local blocks' steps as one script, as `--app` prints them for several models. */
export function renderLocalSteps(blocks: readonly LocalBlock[]): string {
  return renderAppSnippets(blocks.flatMap((block) => block.steps));
}

/**
 * Blocks, with what the generator had to say about them: records, worded at
 * the edges. The local apps' and libraries' findings are still words of their
 * own (strings) until their areas are on records too.
 */
export interface Blocks<B> {
  blocks: B[];
  /** Why the model got no block, or not the one asked for. */
  problems: (Problem | string)[];
  /** Ways forward beside those problems' own. */
  hints: Hint[];
  /** Worth knowing (notes), or likely to make the code fail as it stands (warnings). */
  notes: (Note | string)[];
}

/**
 * Calls to hosted inference for `options`. Problems of the model are
 * reported; bad usage throws. `ref` is the model as the user named it (a hub
 * id, or a file's path), for the commands a note suggests.
 */
export function inferenceBlocks(model: ModelData, options: SettledOptions, ref: string = model.id): Blocks<InferenceBlock> {
  const { snippets, ...findings } = generateSnippets(model, options);
  if (options.endpointUrl === undefined && onlyRunsLocally(model)) {
    findings.notes.unshift({ kind: "runs-locally-only", model: model.id, ref });
  }
  // Mapped, but only in staging: the hub routes nothing to it yet, so a call through the router may fail.
  const mappings = options.endpointUrl === undefined ? providerMappings(model) : [];
  if (mappings.length > 0 && mappings.every((mapping) => mapping.status !== "live")) {
    findings.notes.push({ kind: "staging-only", model: model.id, mappings: mappings.map(({ provider, status }) => ({ provider, status })) });
  }
  // The hub adds providers over time: one hubref does not know yet is said, never dropped in silence.
  const unknown = options.endpointUrl === undefined ? unknownProviders(model) : [];
  if (unknown.length > 0) findings.notes.push({ kind: "unknown-providers", model: model.id, providers: unknown, chat: isChatModel(model) });
  return { blocks: snippets.map((snippet) => ({ source: "inference", ...snippet })), ...findings };
}

/** For a model with no pipeline tag (so no inference snippet) whose library has usage code: the way forward, for the failure's hint. */
export function libraryHintFor(model: ModelData): Hint | undefined {
  if (model.pipeline_tag !== undefined || !hasLibraryCode(model)) return undefined;
  return { kind: "library-code-there" };
}

/** The failure of inference options that gave no block: every reason, and the ways forward. */
export function noBlocksFailure(findings: Pick<Blocks<unknown>, "problems" | "hints">, onlyModel?: ModelData): Failure {
  const problems = findings.problems.map((problem): Problem => (typeof problem === "string" ? { kind: "worded", message: problem } : problem));
  const library = onlyModel !== undefined && findings.hints.length === 0 ? libraryHintFor(onlyModel) : undefined;
  const [first, ...more] = problems.length > 0 ? problems : [{ kind: "no-snippet" } as const];
  return new Failure(first!, more, [...findings.hints, ...(library ? [library] : [])]);
}

/** Live providers of the model's mapping that hubref has no snippets for. */
function unknownProviders(model: ModelData): string[] {
  const known: readonly string[] = PROVIDER_IDS;
  return liveProviders(model)
    .map((mapping) => mapping.provider)
    .filter((provider) => !known.includes(provider));
}

/** A library name from metadata is untrusted: a problem names it only when it is a plain key. */
function plainLibrary(name: string): { library?: string } {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name) ? { library: name } : {};
}

/** The library as a note names it: quoted, or unnamed when it is not a plain key. */
export function shownLibrary(name: string): string {
  return plainLibrary(name).library === undefined ? "(an unprintable name)" : `'${name}'`;
}

/** Whether the model's library has usage code at all (without running its generator); a GGUF repository's is llama-cpp-python's. */
export function hasLibraryCode(model: ModelData): boolean {
  const library = libraryKeyOf(model);
  return library !== undefined && hasSnippetGenerator(library);
}

/** Which GGUF file library code loads, and how: a local run of llama-cpp-python (src/local/), or the default. */
export interface LibraryFiles {
  local?: LocalRun;
  /** Filled with what the code could not be told, and the file's notes without a local run. */
  notes?: AppNote[];
}

/**
 * The usage code of the model's own library, in `language` when one is given.
 * A model with no library, a library without usage code, none in that
 * language, or only a fallback that says what is missing fails: library code
 * is exactly what was asked for.
 */
export async function libraryBlocks(model: ModelData, language?: SnippetLanguage, files: LibraryFiles = {}): Promise<LibraryBlock[]> {
  const libraries = libraryKeysOf(model);
  const library = libraries[0];
  if (library === undefined) return fail({ kind: "no-library", model: model.id });
  if (!hasSnippetGenerator(library)) fail({ kind: "library-without-snippets", model: model.id, ...plainLibrary(library) });
  // llama-cpp-python's code for the repository's GGUF files, alone or after its own library's.
  const loadsGguf = libraries.includes(FORMAT_LIBRARIES.gguf);
  const { local } = files;
  if (local && !loadsGguf && local.asked !== undefined)
    fail({ kind: "library-takes-no-file", model: model.id, ...plainLibrary(library), setting: local.asked });
  const request: LibraryRequest = {};
  const run = local?.run;
  if (loadsGguf) {
    const chosen = ggufLoad(model, local?.file, run, local?.file ? undefined : local?.asked);
    request.gguf = chosen.load;
    if (run) request.run = run;
    files.notes?.push(...chosen.notes);
  } else if (run && runSettingsOf(run).length > 0) {
    files.notes?.push({
      kind: "library-loads-no-gguf",
      model: model.id,
      library: shownLibrary(library),
      settings: runSettingsOf(run),
      run: notedSettings(run),
    });
  }
  const all: LibraryBlock[] = [];
  let missing: { library: string; reason: string; wayForward: string } | undefined;
  for (const key of libraries) {
    const snippets = (await librarySnippets(key, model, key === FORMAT_LIBRARIES.gguf ? request : {})) ?? [];
    // A block that only says what is missing is not printed: it would pass a non-answer off as code.
    if (onlyFallback(snippets)) {
      missing ??= { library: key, ...snippets.find((snippet) => snippet.fallback)!.fallback! };
      continue;
    }
    for (const snippet of snippets.filter((candidate) => !candidate.fallback)) {
      // Beside the library's own code, the GGUF file's is titled as such.
      const title = snippet.title ?? (libraries.length > 1 && key === FORMAT_LIBRARIES.gguf && snippet.language !== "sh" ? "GGUF file" : undefined);
      all.push({
        source: "library",
        model: model.id,
        library: key,
        language: snippet.language,
        ...(title === undefined ? {} : { title }),
        content: snippet.content,
      });
    }
  }
  // A gated or private model (or the gated base an adapter's code loads) needs a login: each code block says so first, and so does a note.
  const base = baseModelOf(model);
  const access = accessNotes(model, base !== undefined && all.some((block) => block.content.includes(JSON.stringify(base))) ? [base] : []);
  if (access.length > 0) {
    files.notes?.push(...access);
    const commented = all.some((block) => block.language !== "sh") ? all.filter((block) => block.language !== "sh") : all.slice(-1);
    for (const block of commented) block.content = `${access.map((note) => commentLine(block.language, note)).join("\n")}\n${block.content}`;
  }
  if (all.length === 0 && missing) {
    const { library: key, reason, wayForward } = missing;
    fail({ kind: "library-code-missing", model: model.id, ...plainLibrary(key), reason, wayForward });
  }
  const kept = language === undefined ? all : all.filter((block) => block.language === language);
  if (kept.length === 0 && all.length > 0 && language !== undefined) {
    const languages = [...new Set(all.map((block) => block.language))];
    fail({ kind: "library-lacks-language", model: model.id, ...plainLibrary(library), language, languages });
  }
  return kept;
}

function localBlock(model: ModelData, result: AppSnippets, appLabel: string, quant: LocalQuant | null): LocalBlock {
  const first = result.snippets[0]!;
  const block: LocalBlock = {
    source: "local",
    model: model.id,
    app: first.app,
    appLabel,
    kind: first.kind,
    quant,
    steps: result.snippets,
    content: renderAppSnippets(result.snippets),
  };
  if (first.kind === "deeplink") block.link = first.content;
  return block;
}

/** The quant a local block loads, with its size and split from the repository's file list. */
function quantOf(result: AppSnippets, repo: GgufRepo | undefined, isDefault: boolean): LocalQuant | null {
  const first = result.snippets[0]!;
  if (first.quant === null) return null;
  const variant = repo?.variants.find((candidate) => candidate.file === first.file);
  return { label: first.quant, shards: variant?.shards ?? 1, size: variant?.size ?? null, isDefault };
}

/** One app's steps for a local run: its file, with its settings; without a run, the default file and the app's defaults. */
function runSnippets(model: ModelData, key: string, local?: LocalRun, named: Named = {}): AppSnippets {
  const request = local
    ? {
        ...(local.file && { choice: local.file }),
        ...(local.asked !== undefined && { chosenBy: local.asked }),
        run: local.run,
      }
    : named;
  const result = withAccess(model, generateAppSnippets(model, key, request));
  // The run's notes (why the file, the plan's) come first; the file's own are among them already.
  return local
    ? { ...result, notes: [...local.notes, ...result.notes.filter((note) => !(local.file?.notes as AppNote[] | undefined)?.includes(note))] }
    : result;
}

/** A gated or private model's app steps: the first command says how to get access, and so does a note. */
function withAccess(model: ModelData, result: AppSnippets): AppSnippets {
  const access = accessNotes(model);
  if (access.length === 0) return result;
  const first = result.snippets.findIndex((snippet) => snippet.language === "sh");
  const snippets = result.snippets.map((snippet, index) =>
    index === first ? { ...snippet, content: `${access.map((note) => commentLine("sh", note)).join("\n")}\n${snippet.content}` } : snippet,
  );
  return { ...result, snippets, notes: [...result.notes, ...access] };
}

/** A file named without a local run, or a server's command for safetensors weights (src/serve/'s plan). */
type Named = Pick<AppRequest, "quant" | "file" | "serve">;

/** What `--app KEY` prints: one block, with the notes that go with it. */
export interface AppBlocks {
  blocks: LocalBlock[];
  notes: AppNote[];
  /** The run the block carries, when a local run made it. */
  local?: LocalRun;
}

/**
 * What `--app KEY` runs: the file and settings of `local` (src/local/'s run,
 * which chose the file and planned it), or without one the file `named` (or
 * the default) with the app's defaults.
 */
export function appBlocks(model: ModelData, app: string, local?: LocalRun, named: Named = {}): AppBlocks {
  const entry = findApp(app);
  const result = runSnippets(model, entry.key, local, named);
  const repo = result.snippets[0]!.quant === null ? undefined : ggufRepo(model, quantCatalogue());
  const isDefault = local === undefined ? named.quant === undefined && named.file === undefined : local.asked === undefined;
  const quant = quantOf(result, repo, isDefault);
  return { blocks: [localBlock(model, result, entry.prettyLabel, quant)], notes: result.notes, ...(local && { local }) };
}

/**
 * What kept a block out, when it is hubref's own: a problem, or the words of
 * a refusal whose area still words its own; anything else is a bug, thrown on.
 */
export function refusalOf(error: unknown): Problem | string {
  if (isFailure(error)) return error.problem;
  if (isUsageError(error)) return error.message;
  throw error;
}

/** hubref's own refusals are reported; anything else is a bug and stays loud. */
function attempt<T>(build: () => T, problems: (Problem | string)[]): T | undefined {
  try {
    return build();
  } catch (error) {
    problems.push(refusalOf(error));
    return undefined;
  }
}

/** The picker's local menu: its blocks, why an app offers none, and each quant's run where one was planned. */
export interface LocalBlocks {
  blocks: LocalBlock[];
  problems: (string | Problem)[];
  /** The run each block carries (with a machine: where it runs, whether it fits). */
  runs: Map<LocalBlock, LocalRun>;
}

/**
 * Every app that runs the model and, for apps that load one GGUF file, every
 * quant of the repository they can load: the picker's local menu. Each is
 * what `--app KEY --quant Q` prints, from the same generator, run as the
 * local context plans that quant (a machine, a context) when there is one.
 */
export function localBlocks(model: ModelData, context?: LocalContext): LocalBlocks {
  const problems: (Problem | string)[] = [];
  const blocks: LocalBlock[] = [];
  const runs = new Map<LocalBlock, LocalRun>();
  let repo: GgufRepo | undefined;
  for (const app of appsForModel(appEntries(), model)) {
    const defaultRun = context ? attempt(() => runOf(context, app.key, {}), problems) : undefined;
    if (context && !defaultRun) continue;
    const fallback = attempt(() => runSnippets(model, app.key, defaultRun), problems);
    if (!fallback) continue;
    const defaultLabel = fallback.snippets[0]!.quant;
    if (defaultLabel === null) {
      blocks.push(localBlock(model, fallback, app.prettyLabel, null));
      continue;
    }
    repo ??= ggufRepo(model, quantCatalogue());
    const quants = context ? quantRuns(context, app.key) : repo.groups.map((group) => ({ group, run: undefined, problem: undefined }));
    for (const { group, run } of quants) {
      if (context && !run) continue;
      // Quants the app cannot load (split ones, for some apps; the unloadable types) are left out, as the command refuses them.
      const result = attempt(
        () => (run ? runSnippets(model, app.key, run) : withAccess(model, generateAppSnippets(model, app.key, { quant: group.label }))),
        [],
      );
      if (!result || result.snippets[0]!.file === null) continue;
      const block = localBlock(model, result, app.prettyLabel, quantOf(result, repo, group.label === defaultLabel));
      blocks.push(block);
      if (run) runs.set(block, run);
    }
  }
  return { blocks, problems, runs };
}
