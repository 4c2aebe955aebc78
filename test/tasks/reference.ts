import { readFileSync } from "node:fs";

/** The task facts of the hub's published reference, as test/fixtures/reference/tasks.json records them. */
export interface ReferenceTask {
  label: string;
  libraries: string[];
  datasets: string[];
  metrics: string[];
  models: string[];
  spaces: string[];
  widgetModels: string[];
  youtubeId: string | null;
  canonicalId: string | null;
  isPlaceholder: boolean;
  demo: { inputs: string[]; outputs: string[] };
}

export interface ReferencePipelineType {
  name: string;
  modality: string;
  subtasks: string[];
}

export interface TaskReference {
  tasks: Record<string, ReferenceTask>;
  tasksWithoutData: string[];
  pipelines: { modalities: string[]; types: Record<string, ReferencePipelineType> };
  /** Tasks the inference providers serve; `conversational` stands for chat models. */
  tasksWithInferenceSnippets: string[];
}

export const reference = JSON.parse(readFileSync(new URL("../fixtures/reference/tasks.json", import.meta.url), "utf8")) as TaskReference;

/** The reference lists a few empty ids, which identify nothing; the catalogue leaves them out. */
export function withoutEmpty(ids: readonly string[]): string[] {
  return ids.filter((id) => id !== "");
}
