import { appBlocks, inferenceBlocks, libraryBlocks, noBlocksFailure } from "../blocks/model-blocks.js";
import type { LibraryBlock, LocalBlock } from "../blocks/code-block.js";
import { appEntries, findApp, type AppEntry } from "../apps/registry.js";
import type { AppNote } from "../apps/steps.js";
import { factsOfHeader, type GgufFacts } from "../gguf/facts.js";
import { GgufFormatError, tensorSizesOf } from "../gguf/header.js";
import { fail } from "../outcome/problems.js";
import { bufferSource, readGgufHeader } from "../gguf/read.js";
import { parseFits, type FitsRequest } from "../hardware/budget.js";
import { hardwareCatalogue } from "../hardware/catalogue.js";
import { settleOptions, type Snippet, type SnippetOptions } from "../inference/snippet.js";
import { SAMPLE_SCHEMA, SAMPLE_TOOLS } from "../inference/tools.js";
import { parseReplySchema, parseTools } from "../inference/tool-schema.js";
import type { SnippetLanguage } from "../libraries/generator.js";
import { libraryEntries } from "../libraries/registry.js";
import { planMemory, type MemoryPlan, type PlanBudget } from "../memory/plan.js";
import { DEFAULT_CONTEXT_CAP } from "../memory/rules.js";
import { contextSize } from "../memory/estimate.js";
import type { ResolvedModel } from "../model/resolve.js";
import type { ModelData } from "../model/schema.js";
import { modelOffer, type ModelOffer } from "../offer/offer.js";
import { writtenOffer } from "../words/commands.js";
import { quantCatalogue } from "../quant/catalogue.js";
import { parseQuantLabel } from "../quant/parse.js";
import { allTasks } from "../tasks/catalogue.js";
import { hubForModel, hubOf, searchFilterRequest } from "./hub.js";
import {
  checkArgument,
  checkModel,
  checkOptions,
  FILE_OPTIONS_SCHEMA,
  HEADER_SCHEMA,
  FITS_SEARCH_OPTIONS_SCHEMA,
  HUB_OPTIONS_SCHEMA,
  LIBRARY_CODE_OPTIONS_SCHEMA,
  MEMORY_PLAN_OPTIONS_SCHEMA,
  SEARCH_FILTERS_SCHEMA,
  SERVE_PLAN_OPTIONS_SCHEMA,
  SNIPPET_OPTIONS_SCHEMA,
  type FileOptions,
  type FitsSearchOptions,
  type HubOptions,
  type MemoryPlanOptions,
  type SearchFilters,
  type ServePlanOptions,
} from "./options.js";
import { fitsRowReport, type FitsRowReport } from "../words/fits-rows.js";
import { machineWords, verdictLines } from "../words/local-words.js";
import type { Progress } from "../model/hub/hub.js";
import { z } from "zod";
import { attempt, attemptNow, failureProblem, LIBRARY_NAMES, libraryNotes, ok, type Result } from "./problem.js";
import { rawFromOptions } from "../local/settings-schema.js";
import { parseLocalRequest, type LocalRequest } from "../local/request.js";
import type { LocalRun } from "../local/run.js";
import { isServeEngine, SERVE_ENGINES } from "../serve/engines.js";
import type { ServeSettings } from "../serve/plan.js";
import { servePlanReport, type ServePlanReport } from "../serve/report.js";
import { checkGpuMemoryUtilization, parseKvCacheDtype } from "../serve/serve.js";
import { modelFromHub } from "../model/resolve.js";
import { problemText } from "../words/problems.js";
import { serveNoteText } from "../words/serve-words.js";

/*
 * hubref as a library: the functions the command line calls, over plain data.
 * Each takes model metadata as the hub's API returns it and options typed as
 * the command's parsed flags are; each answers with a Result, never a throw,
 * for anything hubref itself can say went wrong.
 */

export type { Problem, ProblemCode, Result } from "./problem.js";
export { getGgufHeader, getModel, searchModels } from "./hub.js";
export type { FileOptions, FitsSearchOptions, HubOptions, MemoryPlanOptions, SearchFilters, ServePlanOptions } from "./options.js";
export type { FitsRowReport } from "../words/fits-rows.js";
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
export type { ServePlanReport } from "../serve/report.js";
export type { ServeEngine } from "../outcome/serve-problems.js";
export type { LibraryEntry } from "../libraries/registry.js";

/**
 * Calls to hosted inference for `model`: one snippet per language and client
 * the options keep, as `hubref snippet MODEL --json` prints them.
 */
export function inferenceSnippets(model: ModelData, options: SnippetOptions = {}): Result<Snippet[]> {
  return attemptNow(() => {
    checkModel(model, "inferenceSnippets()");
    checkOptions(SNIPPET_OPTIONS_SCHEMA, options, "inferenceSnippets()");
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

/** The options as the local-run owner's request, checked as the command line checks its flags. */
function localRequest(options: FileOptions): LocalRequest {
  if (options.fits !== undefined) budgetRequest(options.fits);
  return parseLocalRequest(rawFromOptions(options));
}

/** A run's notes (the verdict among them) and warnings in the library's words. */
function runNotes(said: readonly AppNote[], run?: LocalRun): [notes: string[], warnings: string[]] {
  const { notes, warnings } = libraryNotes(said);
  const verdict = run?.plan && run.machine ? verdictLines({ plan: run.plan, machine: run.machine, ...(run.speed && { speed: run.speed }) }, LIBRARY_NAMES) : [];
  return [[...notes, ...verdict], warnings];
}

/** `fits` as the library takes it: a size or named hardware. This machine (`auto`) is the command line's alone. */
function budgetRequest(text: string): Exclude<FitsRequest, { kind: "auto" }> {
  const fits = parseFits(text);
  if (fits.kind === "auto") fail({ kind: "fits-auto-elsewhere" });
  return fits;
}

/** The local run of `runner` for metadata as the hub's API returns it (its header is read from the hub, where a plan needs one). */
async function localRun(
  model: ModelData,
  runner: Parameters<typeof import("../local/run.js").planLocalRun>[2],
  options: FileOptions,
  progress: Progress,
): Promise<LocalRun> {
  const request = localRequest(options);
  const { planLocalRun } = await import("../local/run.js");
  const resolved: ResolvedModel = { model, source: { kind: "hub", id: model.id } };
  return planLocalRun(resolved, request, runner, { hub: hubOf(hubForModel(model, options.hub), progress) });
}

/** The usage code of the model's own library (`library_name`), as `hubref snippet MODEL --library --json` prints it. */
export async function libraryCode(model: ModelData, options: FileOptions & { language?: SnippetLanguage } = {}): Promise<Result<LibraryBlock[]>> {
  return attempt(async (progress) => {
    checkModel(model, "libraryCode()");
    checkOptions(LIBRARY_CODE_OPTIONS_SCHEMA, options, "libraryCode()");
    const { language, ...file } = options;
    const run = await localRun(model, "llama-cpp-python", file, progress);
    const notes: AppNote[] = [...run.notes];
    const blocks = await libraryBlocks(model, language, { local: run, notes });
    return ok(blocks, ...runNotes(notes, run));
  });
}

/**
 * The commands that run the model with a local app (`app`: a key of `localApps()`), on the GGUF file `options`
 * name or choose, carrying the context, cache and placement asked (with `fits`, the plan's).
 */
export async function localAppCommands(model: ModelData, app: string, options: FileOptions = {}): Promise<Result<LocalBlock>> {
  return attempt(async (progress) => {
    checkModel(model, "localAppCommands()");
    checkArgument(z.string(), app, "localAppCommands()", "app");
    checkOptions(FILE_OPTIONS_SCHEMA, options, "localAppCommands()");
    const key = findApp(app).key;
    const run = await localRun(model, key, options, progress);
    const result = appBlocks(model, key, run);
    return ok(result.blocks[0]!, ...runNotes(result.notes, run));
  });
}

/** What one model offers (`hubref model ID --json`): providers, local apps, library code, quants, each with its command. */
export function describeModel(model: ModelData): Result<ModelOffer> {
  return attemptNow(() => {
    checkModel(model, "describeModel()");
    return ok(writtenOffer(modelOffer(model, model.id)));
  });
}

/**
 * The memory plan for a GGUF header (the file's first bytes, or facts from
 * `getGgufHeader`): context, cache, layers per device and the settings
 * llama.cpp needs, against a budget.
 */
export async function memoryPlan(header: Uint8Array | GgufFacts, options: MemoryPlanOptions): Promise<Result<MemoryPlan>> {
  return attempt(async () => {
    checkArgument(HEADER_SCHEMA, header, "memoryPlan()", "header");
    checkOptions(MEMORY_PLAN_OPTIONS_SCHEMA, options, "memoryPlan()");
    let facts: GgufFacts;
    if (header instanceof Uint8Array) {
      try {
        facts = factsOfHeader((await readGgufHeader(bufferSource(header), tensorSizesOf(quantCatalogue().tensorTypes))).header);
      } catch (error) {
        if (!(error instanceof GgufFormatError)) throw error;
        return fail({ kind: "header-invalid", detail: error.message });
      }
    } else facts = header;
    const request = localRequest({
      ...(typeof options.budget === "string" && { fits: options.budget }),
      ...(options.ram !== undefined && { ram: options.ram }),
      ...(options.margin !== undefined && { margin: options.margin }),
      ...(options.ctx !== undefined && typeof options.budget === "string" && { ctx: options.ctx }),
      ...(options.cacheType !== undefined && { cacheType: options.cacheType }),
      ...(options.cacheTypeK !== undefined && { cacheTypeK: options.cacheTypeK }),
      ...(options.cacheTypeV !== undefined && { cacheTypeV: options.cacheTypeV }),
      ...(options.flashAttention !== undefined && { flashAttention: options.flashAttention }),
    });
    let budget: PlanBudget;
    if (request.machine) {
      const { machineOf } = await import("../local/machine.js");
      budget = (await machineOf(request.machine, { env: {} })).plan;
    } else budget = options.budget as PlanBudget;
    // The values as the parser read them (a cache type in any case, `cacheType` for both caches).
    const cacheTypeK = request.cacheTypeK ?? "f16";
    const ctx = options.ctx ?? contextSize(undefined, facts, DEFAULT_CONTEXT_CAP).ctx;
    const outcome = planMemory(facts, options.weights, budget, {
      // Without one, the context the command line picks: the trained length, capped.
      ctx,
      cacheTypeK,
      cacheTypeV: request.cacheTypeV ?? cacheTypeK,
      flashAttention: request.flashAttention ?? "auto",
    });
    if (outcome.problem) fail(outcome.problem);
    return ok(outcome.plan, libraryNotes(outcome.plan.notes).notes);
  });
}

/**
 * The GGUF repositories of a search that fit a machine, in the list's order, each with the quant that runs best
 * there, its plan and its estimated speed: the rows of `hubref models --fits … --json`, from the same search.
 */
export async function modelsThatFit(filters: SearchFilters, options: FitsSearchOptions, hub: HubOptions = {}): Promise<Result<FitsRowReport[]>> {
  return attempt(async (progress) => {
    checkOptions(SEARCH_FILTERS_SCHEMA, filters, "modelsThatFit()", "filters.");
    checkOptions(FITS_SEARCH_OPTIONS_SCHEMA, options, "modelsThatFit()");
    checkOptions(HUB_OPTIONS_SCHEMA, hub, "modelsThatFit()", "hub.");
    const search = searchFilterRequest(filters);
    const local = localRequest(options);
    const { searchFitting } = await import("../search/fits-search.js");
    const outcome = await searchFitting({ search, local: { ...local, machine: local.machine! }, access: { hub: hubOf(hub, progress) } });
    const context = outcome.rows[0]?.plan.context;
    const notes = [
      `models that fit ${machineWords(outcome.machine, LIBRARY_NAMES)}${context === undefined ? "" : `, at ${context.toLocaleString("en-US")} tokens of context`}; speeds are estimates`,
      ...(outcome.skipped.length > 0 ? [`skipped ${outcome.skipped.map((skipped) => skipped.id).join(", ")}: the GGUF header or files could not be read`] : []),
    ];
    return ok(
      outcome.rows.map((row) => fitsRowReport(row, outcome.machine, LIBRARY_NAMES)),
      notes,
    );
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
  if (typeof fileName !== "string") return null;
  return parseQuantLabel(fileName, quantCatalogue());
}

/** The plan and the server's commands as the snippet prints them (none when it does not fit). */
export interface ServeAnswer {
  plan: ServePlanReport;
  block: LocalBlock | null;
}

/** The one serving plan (serveVerdict) for the library and MCP: what does not fit is a plan with `fits: false`, its words a warning. */
export async function serveAnswer(model: string | ModelData, options: ServePlanOptions, hub: HubOptions = {}): Promise<Result<ServeAnswer>> {
  return attempt<ServeAnswer>(async (progress) => {
    checkOptions(SERVE_PLAN_OPTIONS_SCHEMA, options, "servePlan()");
    checkOptions(HUB_OPTIONS_SCHEMA, hub, "servePlan()", "hub.");
    const engine = options.engine ?? "vllm";
    if (!isServeEngine(engine)) fail({ kind: "serve-engine-unknown", given: String(engine), engines: SERVE_ENGINES });
    const fits = budgetRequest(options.fits);
    const settings: ServeSettings = {
      ...(options.ctx !== undefined && { context: parseLocalRequest({ ctx: String(options.ctx) }).ctx! }),
      ...(options.kvCacheDtype !== undefined && { kvCacheDtype: parseKvCacheDtype(options.kvCacheDtype) }),
      ...(options.gpuMemoryUtilization !== undefined && {
        gpuMemoryUtilization: checkGpuMemoryUtilization(options.gpuMemoryUtilization, String(options.gpuMemoryUtilization)),
      }),
    };
    const reached = hubOf(hub, progress);
    const data = typeof model === "string" ? await modelFromHub(model, reached) : model;
    const { serveVerdict } = await import("../serve/run.js");
    const verdict = await serveVerdict({ engine, model: data, fits, settings, facts: { hub: reached } });
    const plan = servePlanReport(verdict.plan);
    if (verdict.problem) {
      const text = problemText(verdict.problem, LIBRARY_NAMES);
      return ok({ plan, block: null }, [], [text.message, ...(text.hint === undefined ? [] : [text.hint])]);
    }
    const result = appBlocks(data, engine, undefined, { serve: verdict.command! });
    const notes = [
      serveNoteText({ kind: "verdict", id: data.id, hardware: verdict.hardware.label, plan: verdict.plan }),
      serveNoteText({ kind: "plan-settings", plan: verdict.plan }),
    ];
    return ok({ plan, block: result.blocks[0]! }, notes);
  });
}

/**
 * How a server (vLLM, SGLang, MLX LM) runs a safetensors model on the hardware named, read from the hub's
 * headers and config.json: the `plan` of `hubref snippet MODEL --app vllm --fits HARDWARE --json`.
 */
export async function servePlan(model: string | ModelData, options: ServePlanOptions, hub: HubOptions = {}): Promise<Result<ServePlanReport>> {
  const answer = await serveAnswer(model, options, hub);
  return answer.ok ? { ...answer, value: answer.value.plan } : answer;
}
