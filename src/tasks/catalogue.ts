import { readCompiled } from "../catalogue/compiled.js";
import type { LibraryCatalogue } from "../build/schemas/library.js";
import type { Pipeline, PipelineCatalogue, Task } from "../build/schemas/task.js";

/*
 * Lookups in the task catalogue as the build validated it (dist/data/), so
 * that browsing tasks does not load zod.
 */

/** What the hub calls each modality, for people reading the catalogue. */
const MODALITY_LABELS: Record<string, string> = {
  multimodal: "Multimodal",
  nlp: "Natural Language Processing",
  cv: "Computer Vision",
  audio: "Audio",
  tabular: "Tabular",
  rl: "Reinforcement Learning",
  other: "Other",
};

export function modalityLabel(modality: string): string {
  return MODALITY_LABELS[modality] ?? modality;
}

/**
 * Task ids are lower-case ASCII, so code-point order is the alphabetical one;
 * localeCompare would load ICU's collation first (about 8 ms of `hubref tasks`).
 */
function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Every task definition, by id. */
export function allTasks(): Task[] {
  return Object.values(readCompiled<Record<string, Task>>("tasks")).sort(byId);
}

export function findTask(id: string): Task | undefined {
  const tasks = readCompiled<Record<string, Task>>("tasks");
  return Object.hasOwn(tasks, id) ? tasks[id] : undefined;
}

export function pipelineCatalogue(): PipelineCatalogue {
  return readCompiled<PipelineCatalogue>("pipelines");
}

/** The pipeline type a model's `pipeline_tag` names, whether or not a task definition exists for it. */
export function findPipelineType(id: string): Pipeline | undefined {
  const { pipelines } = pipelineCatalogue();
  return Object.hasOwn(pipelines, id) ? pipelines[id] : undefined;
}

export function modalities(): string[] {
  return pipelineCatalogue().modalities;
}

export function modalityOf(taskId: string): string | undefined {
  return findPipelineType(taskId)?.modality;
}

/** Pipeline types that have no task definition in the catalogue. */
export function pipelineTypesWithoutTask(): string[] {
  return Object.keys(pipelineCatalogue().pipelines).filter((id) => findTask(id) === undefined);
}

/** Tasks that share their definition with `id` on the hub (text-to-speech with text-to-audio, for example). */
export function tasksWithCanonical(id: string): Task[] {
  return allTasks().filter((task) => task.canonicalId === id);
}

/**
 * Every library name a user may filter by: the hub's library keys, and any
 * library a task lists.
 */
export function knownLibraries(): string[] {
  const names = new Set(Object.keys(readCompiled<LibraryCatalogue>("libraries")));
  for (const task of allTasks()) for (const library of task.libraries) names.add(library);
  return [...names];
}

/** The known library name that `name` spells, ignoring case. */
export function resolveLibrary(name: string): string | undefined {
  const wanted = name.toLowerCase();
  return knownLibraries().find((library) => library.toLowerCase() === wanted);
}

export function resolveModality(name: string): string | undefined {
  const wanted = name.toLowerCase();
  return modalities().find((modality) => modality.toLowerCase() === wanted);
}

export interface TaskFilter {
  modality?: string;
  library?: string;
}

export function filterTasks(tasks: readonly Task[], filter: TaskFilter): Task[] {
  return tasks.filter(
    (task) =>
      (filter.modality === undefined || modalityOf(task.id) === filter.modality) && (filter.library === undefined || task.libraries.includes(filter.library)),
  );
}
