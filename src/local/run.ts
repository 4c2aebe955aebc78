import type { QuantCatalogue } from "../build/schemas/quant-types.js";
import { findApp, type AppEntry } from "../apps/registry.js";
import { formatFor } from "../apps/formats.js";
import { ggufRepo, hasFileList, hasGguf, type GgufRepo, type GgufVariant, type QuantGroup } from "../apps/gguf-files.js";
import { placingOf, type GgufRunner } from "../apps/placement.js";
import { choiceOf, selectGgufFile, usableGroups, usableVariant, type FileChoice, type SelectContext } from "../apps/select.js";
import type { GgufFacts } from "../gguf/facts.js";
import { contextSize, estimateMemory, type MemoryEstimate } from "../memory/estimate.js";
import { allocatedContext, planMemory, type MemoryPlan, type PlanSettings, type QuantWeights } from "../memory/plan.js";
import { DEFAULT_CONTEXT_CAP } from "../memory/rules.js";
import type { RunSettings } from "../memory/run-settings.js";
import { estimateSpeed, type SpeedEstimate } from "../memory/speed.js";
import type { ResolvedModel } from "../model/resolve.js";
import type { ModelData } from "../model/schema.js";
import type { LocalNote } from "../outcome/local-notes.js";
import type { FileSetting } from "../outcome/local-problems.js";
import { fail, isFailure, type Problem } from "../outcome/problems.js";
import { quantCatalogue } from "../quant/catalogue.js";
import { choose, needOf, tierOf, type Candidate, type ChoiceNote } from "./choice.js";
import { readRepositoryHeader, type HeaderMissing, type LocalHub } from "./header.js";
import { machineOf, type Machine } from "./machine.js";
import { asksRun, type LocalRequest } from "./request.js";

/*
 * The one owner of a local run: given the resolved model and the request, it
 * reads what it needs once (the repository's header, the machine), chooses
 * the file, plans it with the placement the app can take, and returns one
 * typed value: the file, the plan, the settings the app's command carries,
 * the speed, and the notes. Every view (snippet --app and --library, the
 * picker, model --fits, models --fits, quant-types --for, the library and
 * MCP) calls it and only renders what it returns.
 */

/** What a run needs once per model: the repository, its header, the machine, the settings asked. */
export interface LocalContext {
  model: ModelData;
  request: LocalRequest;
  catalogue: QuantCatalogue;
  repo: GgufRepo;
  machine?: Machine;
  facts?: GgufFacts;
  /** The file whose header was read. */
  headerFile?: string;
  /** Why there is no header, when one was needed. */
  missing?: HeaderMissing;
  /** The trained context length, from the header or the hub's summary. */
  trained?: number;
  /** The settings every quant is planned with. */
  settings: PlanSettings;
  /** Said once for the model: what auto found, the header read from the hub for a metadata file. */
  notes: LocalNote[];
}

/** One run of the model with one app (or llama-cpp-python's code). */
export interface LocalRun {
  model: string;
  /** What asked for a GGUF file: `quant` or `file` named one, `fits` chose one; absent: the default. */
  asked?: FileSetting;
  runner: GgufRunner;
  appLabel: string;
  /** The GGUF file, when the app loads one and the file list is known. */
  file?: FileChoice;
  /** Bytes of the file (all shards) and the projector run beside it. */
  size?: number;
  /** The plan on the machine, with a header; the verdict is its `fits` and `placement`. */
  plan?: MemoryPlan;
  /** What the app's command carries. */
  run: RunSettings;
  machine?: Machine;
  speed?: SpeedEstimate;
  /** Why this file, with a machine and no file named. */
  choice?: ChoiceNote;
  /** The model's notes, then the choice's, then the plan's. */
  notes: LocalNote[];
}

function fromFile(resolved: ResolvedModel): boolean {
  return resolved.source.kind !== "hub";
}

/**
 * Reads what the request needs of the model and the machine, once. `known`:
 * the machine read already (a search plans many models on one machine).
 */
export async function prepareLocal(resolved: ResolvedModel, request: LocalRequest, hub: LocalHub, known?: Machine): Promise<LocalContext> {
  const { model } = resolved;
  const catalogue = quantCatalogue();
  const repo = ggufRepo(model, catalogue);
  const notes: LocalNote[] = [];
  const machine = known ?? (request.machine ? await machineOf(request.machine, hub.detect ?? { env: {} }) : undefined);
  if (machine) notes.push(...machine.found);
  const context: LocalContext = { model, request, catalogue, repo, notes, settings: planSettings(request, undefined) };
  if (machine) context.machine = machine;
  // The header is read when a plan is asked for, or a context the trained length decides (max, fit) or checks, where the
  // hub's summary of the repository does not give it.
  const summary = model.gguf?.context_length;
  const wantsHeader = machine !== undefined || request.ctx === "max" || request.ctx === "fit" || (request.ctx !== undefined && summary === undefined);
  if (wantsHeader && hasFileList(model) && repo.variants.length > 0) {
    const read = await readRepositoryHeader(model, repo, hub, fromFile(resolved));
    if (read.facts) {
      context.facts = read.facts;
      context.headerFile = read.file;
      if (fromFile(resolved)) notes.push({ kind: "header-from-hub", model: model.id, file: read.file });
    } else context.missing = read.missing;
  }
  const trained = context.facts?.contextLength ?? model.gguf?.context_length;
  if (trained !== undefined) context.trained = trained;
  context.settings = planSettings(request, trained);
  return context;
}

/** The settings every quant is planned with: the context asked (or the trained length, capped), the cache types, flash attention. */
function planSettings(request: LocalRequest, trained: number | undefined): PlanSettings {
  const ctx = request.ctx ?? contextSize(undefined, trained === undefined ? {} : { contextLength: trained }, DEFAULT_CONTEXT_CAP).ctx;
  return {
    ctx,
    cacheTypeK: request.cacheTypeK ?? "f16",
    cacheTypeV: request.cacheTypeV ?? "f16",
    flashAttention: request.flashAttention ?? "auto",
  };
}

/** The settings asked, without a plan: the context checked against what is known of the trained length. */
function askedSettings(context: LocalContext, notes: LocalNote[]): RunSettings {
  const { request, trained } = context;
  const settings: RunSettings = {};
  if (request.ctx === "max" || request.ctx === "fit") {
    if (trained === undefined) fail({ kind: "ctx-needs-trained-length", ctx: request.ctx, model: context.model.id });
    settings.contextSize = allocatedContext(trained);
  } else if (request.ctx !== undefined) {
    if (trained !== undefined && request.ctx > trained) notes.push({ kind: "ctx-beyond-trained", ctx: request.ctx, trained });
    settings.contextSize = allocatedContext(request.ctx);
  }
  if (request.cacheTypeK !== undefined) settings.cacheTypeK = request.cacheTypeK;
  if (request.cacheTypeV !== undefined) settings.cacheTypeV = request.cacheTypeV;
  if (request.flashAttention !== undefined) settings.flashAttention = request.flashAttention;
  else if (request.cacheTypeV !== undefined && request.cacheTypeV !== "f16") settings.flashAttention = "on";
  return settings;
}

/** What a runner is: its label, whether it loads shards, whether it loads a GGUF file of this model. */
function runnerOf(model: ModelData, runner: GgufRunner): { label: string; splitFiles: boolean; gguf: boolean; app?: AppEntry } {
  if (runner === "llama-cpp-python") return { label: "llama-cpp-python", splitFiles: true, gguf: hasGguf(model) };
  const app = findApp(runner);
  const takesFile = app.kind === "snippet" || app.deeplink?.fileParam !== undefined;
  return { label: app.prettyLabel, splitFiles: app.splitFiles !== false, gguf: formatFor(app, model) === "gguf" && takesFile, app };
}

function selectContext(context: LocalContext, splitFiles: boolean, appLabel: string): SelectContext {
  return { model: context.model, repo: context.repo, catalogue: context.catalogue, splitFiles, appLabel };
}

/** The smallest projector beside a vision model's file: it loads with the model. */
function projectorBytes(repo: GgufRepo): number {
  const sizes = repo.projectors.map((projector) => projector.size ?? 0);
  return sizes.length > 0 ? Math.min(...sizes) : 0;
}

function weightsOf(context: LocalContext, variant: GgufVariant): QuantWeights | undefined {
  if (variant.size === undefined) return undefined;
  const projector = projectorBytes(context.repo);
  return {
    ...(variant.label !== null && { quant: variant.label }),
    files: variant.files,
    bytes: variant.size + projector,
    ...(projector > 0 && { projector }),
    ...(variant.shards === 1 && context.headerFile === variant.file && { headerFileSize: variant.size }),
  };
}

/** Why the context has no header to plan with, as the problem a verdict would be refused with; undefined when it has one. */
export function headerProblem(context: LocalContext): Problem | undefined {
  if (context.facts) return undefined;
  const ctx = typeof context.settings.ctx === "number" ? context.settings.ctx : (context.trained ?? DEFAULT_CONTEXT_CAP);
  if (context.missing?.kind === "unreadable")
    return { kind: "no-header-verdict", model: context.model.id, file: context.missing.file, ctx, unread: context.missing.unread };
  return { kind: "no-gguf-to-read", model: context.model.id };
}

/** The header a plan needs, or the problem that refuses a verdict without it. */
function requireFacts(context: LocalContext): GgufFacts {
  const problem = headerProblem(context);
  if (problem) fail(problem);
  return context.facts!;
}

/** The plan of one file on the machine, as `runner` can place it; a plan's problem is the run's. */
function planOf(context: LocalContext, machine: Machine, variant: GgufVariant, runner: GgufRunner, overrides: Partial<PlanSettings> = {}): MemoryPlan {
  const facts = requireFacts(context);
  const weights = weightsOf(context, variant);
  if (!weights) fail({ kind: "sizes-unknown", model: context.model.id });
  const placing = placingOf(runner) ?? "any";
  const outcome = planMemory(facts, weights, machine.plan, { ...context.settings, ...overrides, placing });
  if (outcome.problem) fail(outcome.problem);
  return outcome.plan;
}

/** The speed estimate of a plan, where the machine's bandwidths are known. */
function speedOf(context: LocalContext, machine: Machine, plan: MemoryPlan): SpeedEstimate | undefined {
  if (!machine.budget.speed || !context.facts) return undefined;
  return estimateSpeed(plan, context.facts, machine.budget.speed, context.model.gguf?.total);
}

/** Memory bandwidths that stand in for unknown ones, to compare plans' speeds only (never shown). */
const STAND_IN_SPEED = { gpuBandwidth: 500e9, systemBandwidth: 60e9 };

function candidateOf(
  context: LocalContext,
  machine: Machine,
  group: QuantGroup,
  variant: GgufVariant,
  runner: GgufRunner,
  ctx?: PlanSettings["ctx"],
): Candidate {
  const plan = planOf(context, machine, variant, runner, ctx === undefined ? {} : { ctx });
  const known = speedOf(context, machine, plan);
  const speed = known?.generation ?? estimateSpeed(plan, context.facts!, STAND_IN_SPEED)?.generation ?? 0;
  return { group, variant, plan, tier: tierOf(group, context.catalogue), rank: rankOf(context, group), speed, speedKnown: known !== undefined };
}

function rankOf(context: LocalContext, group: QuantGroup): number {
  return context.repo.groups.indexOf(group);
}

/** The file chosen for the machine, and why; `--ctx fit` chooses at the trained length, then fits the context to the file. */
function chooseFile(context: LocalContext, machine: Machine, runner: GgufRunner, select: SelectContext): { choice: FileChoice; note: ChoiceNote } {
  const at = context.settings.ctx === "fit" ? "max" : undefined;
  const candidates = usableGroups(select).flatMap((group) => {
    const variant = usableVariant(group, select);
    return variant?.size === undefined ? [] : [candidateOf(context, machine, group, variant, runner, at)];
  });
  if (candidates.length === 0) fail({ kind: "sizes-unknown", model: context.model.id });
  const hasGpu = machine.plan.gpus.length > 0;
  const { chosen, note } = choose(candidates, {
    ...(context.request.prefer !== undefined && { prefer: context.request.prefer }),
    hasGpu,
    model: context.model.id,
    budget: machine.budget.label,
    memory: machine.plan.gpus.reduce((sum, gpu) => sum + gpu, 0) + (machine.plan.system ?? 0),
    ctx: candidates[0]!.plan.context,
    ...(hasGpu && { gpu: machine.plan.gpus.reduce((sum, gpu) => sum + gpu, 0) }),
  });
  return { choice: choiceOf(chosen.group, chosen.variant, select), note };
}

/** Notes on how the app's plan differs from llama.cpp's: whole layers only, or every layer on the GPU. */
function placementNotes(runner: GgufRunner, label: string, plan: MemoryPlan, facts: GgufFacts): LocalNote[] {
  const placing = placingOf(runner);
  const moe = facts.layerExpertBytes.some((bytes) => bytes > 0);
  if (placing === "layers" && moe && plan.placement === "layers")
    return [{ kind: "whole-layers-only", app: label, gpuLayers: plan.gpuLayers, layerCount: plan.layerCount }];
  if (placing === "all-layers" && !plan.fits && plan.gpuLayers === plan.layerCount) return [{ kind: "all-layers-on-gpu", app: label }];
  return [];
}

/**
 * The run of the model with `runner`: the file named (`quant`, `file`) or
 * chosen for the machine (or the default), planned on the machine when one is
 * named, with the settings the app's command carries.
 */
export function runOf(context: LocalContext, runner: GgufRunner, named: { quant?: string; file?: string } = context.request): LocalRun {
  const { model, machine } = context;
  const { label, splitFiles, gguf } = runnerOf(model, runner);
  const notes: LocalNote[] = [...context.notes];
  const asked: FileSetting | undefined = named.file !== undefined ? "file" : named.quant !== undefined ? "quant" : machine ? "fits" : undefined;
  const base = { model: model.id, runner, appLabel: label, ...(asked !== undefined && { asked }) };
  if (!gguf || !hasFileList(model)) return { ...base, run: askedSettings(context, notes), notes, ...(machine && { machine }) };
  const select = selectContext(context, splitFiles, label);
  const isNamed = named.quant !== undefined || named.file !== undefined;
  let file: FileChoice;
  let choice: ChoiceNote | undefined;
  if (isNamed || !machine) file = selectGgufFile(named, select);
  else ({ choice: file, note: choice } = chooseFile(context, machine, runner, select));
  notes.push(...(choice ? [choice] : []), ...file.notes);
  const size = file.variant.size === undefined ? undefined : file.variant.size + projectorBytes(context.repo);
  const sized = { ...base, file, ...(size !== undefined && { size }) };
  if (!machine) return { ...sized, run: askedSettings(context, notes), notes };
  const plan = planOf(context, machine, file.variant, runner);
  const speed = speedOf(context, machine, plan);
  notes.push(...plan.notes, ...placementNotes(runner, label, plan, context.facts!));
  return { ...sized, plan, run: plan.runSettings, machine, ...(speed && { speed }), ...(choice && { choice }), notes };
}

/** The run of `runner` for a resolved model: read, chosen, planned (the one entry point for a single run). */
export async function planLocalRun(resolved: ResolvedModel, request: LocalRequest, runner: GgufRunner, hub: LocalHub): Promise<LocalRun> {
  return runOf(await prepareLocal(resolved, request, hub), runner);
}

/** Every quant the runner can load, each run as `quant` names it: the picker's and the model page's rows. */
export function quantRuns(context: LocalContext, runner: GgufRunner): { group: QuantGroup; run?: LocalRun; problem?: Problem }[] {
  const { splitFiles, label, gguf } = runnerOf(context.model, runner);
  if (!gguf || !hasFileList(context.model)) return [];
  const select = selectContext(context, splitFiles, label);
  return usableGroups(select).map((group) => {
    try {
      return { group, run: runOf(context, runner, { quant: group.label }) };
    } catch (error) {
      if (!isFailure(error)) throw error;
      return { group, problem: error.problem };
    }
  });
}

/** The estimate of one file at the request's context, with no machine to place it on (quant-types --for --ctx). */
export function estimateOf(context: LocalContext, variant: GgufVariant): MemoryEstimate | undefined {
  const weights = weightsOf(context, variant);
  if (!weights || !context.facts) return undefined;
  const { settings } = context;
  const ctx = typeof settings.ctx === "number" ? settings.ctx : (context.trained ?? DEFAULT_CONTEXT_CAP);
  return estimateMemory(context.facts, {
    ctx,
    cacheType: settings.cacheTypeK,
    cacheTypeV: settings.cacheTypeV,
    ...(settings.flashAttention === "off" && { flashAttention: false }),
    weights: weights.bytes,
    ...(weights.projector !== undefined && { projector: weights.projector }),
  });
}

export { needOf, asksRun };
export type { Machine };
