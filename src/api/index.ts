import { usageError } from "../errors.js";
import { appBlocks, inferenceBlocks, libraryBlocks, noBlocksFailure, type LibraryFiles } from "../blocks/model-blocks.js";
import { describePlan } from "../apps/fit-verdict.js";
import type { LibraryBlock, LocalBlock } from "../blocks/code-block.js";
import { appEntries, type AppEntry } from "../apps/registry.js";
import type { RunPlanner } from "../apps/fits-plan.js";
import type { FileRequest } from "../apps/select.js";
import { factsOfHeader, type GgufFacts } from "../gguf/facts.js";
import { GgufFormatError, tensorSizesOf } from "../gguf/header.js";
import { fail, Failure } from "../outcome/problems.js";
import { bufferSource, readGgufHeader } from "../gguf/read.js";
import { budgetOf, parseFits, type FitsRequest } from "../hardware/budget.js";
import { hardwareCatalogue } from "../hardware/catalogue.js";
import { settleOptions, type Snippet, type SnippetOptions } from "../inference/snippet.js";
import { SAMPLE_SCHEMA, SAMPLE_TOOLS } from "../inference/tools.js";
import { parseReplySchema, parseTools } from "../inference/tool-schema.js";
import type { SnippetLanguage } from "../libraries/generator.js";
import { libraryEntries } from "../libraries/registry.js";
import { parseCacheType, parseContext } from "../memory/options.js";
import { planMemory, type FlashAttentionSetting, type MemoryPlan, type PlanBudget, type QuantWeights } from "../memory/plan.js";
import { DEFAULT_CONTEXT_CAP, type CacheType } from "../memory/rules.js";
import { contextSize } from "../memory/estimate.js";
import type { ResolvedModel } from "../model/resolve.js";
import type { ModelData } from "../model/schema.js";
import { modelOffer, type ModelOffer } from "../offer/offer.js";
import { writtenOffer } from "../words/commands.js";
import { quantCatalogue } from "../quant/catalogue.js";
import { parseQuantLabel } from "../quant/parse.js";
import { allTasks } from "../tasks/catalogue.js";
import { hubOf, type HubOptions } from "./hub.js";
import { attempt, attemptNow, failureProblem, libraryNotes, libraryWords, ok, type Result } from "./problem.js";

/*
 * hubref as a library: the functions the command line calls, over plain data.
 * Each takes model metadata as the hub's API returns it and options typed as
 * the command's parsed flags are; each answers with a Result, never a throw,
 * for anything hubref itself can say went wrong.
 */

export type { Problem, ProblemCode, Result } from "./problem.js";
export { getGgufHeader, getModel, searchModels, type HubOptions, type SearchFilters } from "./hub.js";
export { getRouterFacts } from "./hub.js";
export type { RouterFacts, RouterModels, RouterProvider } from "../model/router/facts.js";
export type { ModelData } from "../model/schema.js";
export type { Snippet, SnippetOptions } from "../inference/snippet.js";
export type { SchemaRequest, ToolSet } from "../inference/tools.js";
export type { FunctionTool, ReplySchema } from "../inference/tool-schema.js";
export type { Client, Language, ProviderChoice } from "../inference/ids.js";
export type { LibraryBlock, LocalBlock, LocalQuant } from "../blocks/code-block.js";
export type { AppSnippet } from "../apps/generate.js";
/** Blocks of any source as `hubref snippet --json` prints them: one shape for inference calls, library code and local apps. */
export { blocksJson, type BlockJson } from "../blocks/json-batch.js";
export type { ModelOffer, OfferedApp, OfferedProvider, OfferedQuant } from "../offer/offer.js";
export type { SearchHit } from "../search/hits.js";
export type { GgufFacts } from "../gguf/facts.js";
export type { MemoryPlan, PlanBudget, QuantWeights, FlashAttentionSetting, DeviceMemory, Placement } from "../memory/plan.js";
export type { MemoryEstimate } from "../memory/estimate.js";
export type { CacheType } from "../memory/rules.js";
export type { SnippetLanguage } from "../libraries/generator.js";
export type { AppEntry } from "../apps/registry.js";
export type { LibraryEntry } from "../libraries/registry.js";

/**
 * Calls to hosted inference for `model`: one snippet per language and client
 * the options keep, as `hubref snippet MODEL --json` prints them.
 */
export function inferenceSnippets(model: ModelData, options: SnippetOptions = {}): Result<Snippet[]> {
  return attemptNow(() => {
    const { blocks, ...findings } = inferenceBlocks(model, settleOptions(options));
    if (blocks.length === 0) return { ok: false, problem: failureProblem(noBlocksFailure(findings, model), "no-code") };
    const snippets = blocks.map(({ source: _source, ...snippet }) => snippet);
    const { notes, warnings } = libraryNotes(findings.notes);
    return ok(snippets, notes, warnings);
  });
}

/**
 * `tools` and `schema` for inferenceSnippets from plain JSON values: `true`
 * for the sample tool or schema, or an array of OpenAI function tools and a
 * JSON Schema object, checked as the command line checks its files.
 */
export function toolOptions(tools?: unknown, schema?: unknown): Result<Pick<SnippetOptions, "tools" | "schema">> {
  return attemptNow(() => {
    const options: Pick<SnippetOptions, "tools" | "schema"> = {};
    if (tools === true) options.tools = { tools: SAMPLE_TOOLS, sample: true };
    else if (tools !== undefined && tools !== false) options.tools = { tools: parseTools(JSON.stringify(tools), "`tools`"), sample: false };
    if (schema === true) options.schema = { schema: SAMPLE_SCHEMA, sample: true };
    else if (schema !== undefined && schema !== false) options.schema = { schema: parseReplySchema(JSON.stringify(schema), "`schema`"), sample: false };
    return ok(options, [], []);
  });
}

/** Which GGUF file, for code that loads one: by quant label, by file name, or the one that fits a budget. */
export interface FileOptions {
  /** A quant label such as Q4_K_M. */
  quant?: string;
  /** A file of the repository. */
  file?: string;
  /** The file that fits: a size (`16GB`), hardware by name (`RTX 4090`, `2x3090`, `M3 Max:64`). Reads the model's GGUF header from the hub. */
  fits?: string;
  /** Tokens of context for the plan, or `max`; the trained length capped at 8,192 when absent. */
  ctx?: number | "max";
  /** The KV cache's type for the plan; f16 when absent. */
  cacheType?: CacheType;
  /** Where the header is read, for `fits`. */
  hub?: HubOptions;
}

/**
 * The request the domain functions take, and the planner the command line
 * makes for the same options (runPlannerFor): with `fits`, the plan picks the
 * file (unless one is named) and its settings go into the code.
 */
async function fileRequest(model: ModelData, options: FileOptions, notes: string[]): Promise<{ request: FileRequest; planner?: RunPlanner }> {
  const request: FileRequest = {};
  if (options.quant !== undefined) request.quant = options.quant;
  if (options.file !== undefined) request.file = options.file;
  if (options.fits === undefined) return { request };
  const fits = budgetRequest(options.fits);
  const cacheType = options.cacheType === undefined ? "f16" : parseCacheType(options.cacheType);
  const parsed = options.ctx === undefined ? undefined : parseContext(String(options.ctx));
  if (parsed === "fit") throw usageError("`ctx`: fit is the command line's (with one quant named); give a number of tokens or max");
  const ctx = parsed;
  const { runPlannerFor } = await import("../apps/fits-plan.js");
  const resolved: ResolvedModel = { model, source: { kind: "hub", id: model.id } };
  const planner = await runPlannerFor({ fits, estimate: { ...(ctx === undefined ? {} : { ctx }), cacheType }, run: {} }, resolved, {
    hub: hubOf(options.hub ?? {}),
  });
  if (planner) notes.push(...planner.notes);
  if (planner?.fits && request.quant === undefined && request.file === undefined) request.fits = planner.fits;
  return { request, ...(planner && { planner }) };
}

/** `fits` as the library takes it: a size or named hardware. This machine (`auto`) is the command line's alone. */
function budgetRequest(text: string): Exclude<FitsRequest, { kind: "auto" }> {
  const fits = parseFits(text);
  if (fits.kind === "auto") throw usageError("`fits`: auto measures the machine the command line runs on; give a size or hardware by name");
  return fits;
}

/** The usage code of the model's own library (`library_name`), as `hubref snippet MODEL --library --json` prints it. */
export async function libraryCode(model: ModelData, options: FileOptions & { language?: SnippetLanguage } = {}): Promise<Result<LibraryBlock[]>> {
  return attempt(async () => {
    const notes: string[] = [];
    const { request, planner } = await fileRequest(model, options, notes);
    const files: LibraryFiles = { request, notes, ...(planner && { planner }) };
    const blocks = await libraryBlocks(model, options.language, files);
    const plan = files.planned?.plan;
    if (plan && planner?.fits) notes.push(...describePlan(plan, planner.fits.budget));
    return ok(blocks, notes.map(libraryWords));
  });
}

/**
 * The commands that run the model with a local app (`app`: a key of `localApps()`),
 * on the GGUF file `options` choose; with `fits`, the plan those commands carry.
 */
export async function localAppCommands(model: ModelData, app: string, options: FileOptions = {}): Promise<Result<LocalBlock>> {
  return attempt(async () => {
    const notes: string[] = [];
    const { request, planner } = await fileRequest(model, options, notes);
    const result = appBlocks(model, app, request, planner);
    const plan = result.planned?.plan;
    if (plan && planner?.fits) notes.push(...describePlan(plan, planner.fits.budget));
    return ok(result.blocks[0]!, libraryNotes([...notes, ...result.notes]).notes);
  });
}

/** What one model offers (`hubref model ID --json`): providers, local apps, library code, quants, each with its command. */
export function describeModel(model: ModelData): Result<ModelOffer> {
  return attemptNow(() => ok(writtenOffer(modelOffer(model, model.id))));
}

export interface MemoryPlanOptions {
  /** The quant's files and their bytes (the projector's too, for a vision model). */
  weights: QuantWeights;
  /** Memory per device, or a size or hardware by name as `fits` takes it. */
  budget: PlanBudget | string;
  /** Tokens, `max` (the trained length) or `fit` (the most that fits); the trained length capped at 8,192 when absent. */
  ctx?: number | "max" | "fit";
  cacheTypeK?: CacheType;
  cacheTypeV?: CacheType;
  flashAttention?: FlashAttentionSetting;
}

/**
 * The memory plan for a GGUF header (the file's first bytes, or facts from
 * `getGgufHeader`): context, cache, layers per device and the settings
 * llama.cpp needs, against a budget.
 */
export async function memoryPlan(header: Uint8Array | GgufFacts, options: MemoryPlanOptions): Promise<Result<MemoryPlan>> {
  return attempt(async () => {
    let facts: GgufFacts;
    if (header instanceof Uint8Array) {
      try {
        facts = factsOfHeader((await readGgufHeader(bufferSource(header), tensorSizesOf(quantCatalogue().tensorTypes))).header);
      } catch (error) {
        if (!(error instanceof GgufFormatError)) throw error;
        return fail({ kind: "header-invalid", detail: error.message });
      }
    } else facts = header;
    let budget: PlanBudget;
    if (typeof options.budget === "string") {
      const { planBudgetOf } = await import("../apps/fits.js");
      const fits = budgetRequest(options.budget);
      budget = planBudgetOf(budgetOf(fits), fits);
    } else budget = options.budget;
    const cacheTypeK = options.cacheTypeK ?? "f16";
    const outcome = planMemory(facts, options.weights, budget, {
      // Without one, the context the command line picks: the trained length, capped.
      ctx: options.ctx ?? contextSize(undefined, facts, DEFAULT_CONTEXT_CAP).ctx,
      cacheTypeK,
      cacheTypeV: options.cacheTypeV ?? cacheTypeK,
      flashAttention: options.flashAttention ?? "auto",
    });
    if (outcome.problem) return { ok: false, problem: failureProblem(new Failure({ kind: "worded", message: outcome.problem.message }), "invalid-input") };
    return ok(outcome.plan, outcome.plan.notes);
  });
}

/** The task catalogue: every task with its pipeline types, example models and documentation. */
export function tasks() {
  return allTasks();
}

/** The library registry: every library the hub knows, and whether hubref writes usage code for it. */
export function libraries() {
  return libraryEntries();
}

/** The local apps: keys as `localAppCommands` takes them, labels, and what each runs. */
export function localApps(): AppEntry[] {
  return appEntries();
}

/** The hardware `fits` names, with each device's memory. */
export function hardware() {
  return hardwareCatalogue().devices;
}

/** The GGUF quantization types hubref knows. */
export function quantTypes() {
  return quantCatalogue();
}

/** The quant label in a GGUF file name (`Q4_K_M`, `UD-Q4_K_XL`), or null when it names none. */
export function parseQuant(fileName: string): string | null {
  return parseQuantLabel(fileName, quantCatalogue());
}
