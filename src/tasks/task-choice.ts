import { matchChoice, unknownChoice } from "../choices/choices.js";
import { allTasks, pipelineCatalogue } from "./catalogue.js";

/*
 * A task typed by a person (`--task`, the browser's task row) as the hub's
 * pipeline tag: the id in any case, the task's label ("Text Generation",
 * "text generation"), or a common short name.
 */

/** Short names people use for tasks, lower case, each to the pipeline tag it means. */
const TASK_ALIASES: Readonly<Record<string, string>> = {
  asr: "automatic-speech-recognition",
  "speech-to-text": "automatic-speech-recognition",
  stt: "automatic-speech-recognition",
  tts: "text-to-speech",
  llm: "text-generation",
  chat: "text-generation",
  embeddings: "feature-extraction",
  embedding: "feature-extraction",
  t2i: "text-to-image",
  vlm: "image-text-to-text",
  ner: "token-classification",
  qa: "question-answering",
  reranking: "text-ranking",
  ocr: "image-to-text",
};

/** Every pipeline tag the hub defines, with or without a task definition here. */
export function taskIds(): string[] {
  return [...new Set([...Object.keys(pipelineCatalogue().pipelines), ...allTasks().map((task) => task.id)])];
}

/** The aliases and every task's label (lower case, with spaces or hyphens), for matchChoice and the browser's task row. */
export function taskAliases(ids: readonly string[]): Record<string, string> {
  const aliases: Record<string, string> = { ...TASK_ALIASES };
  const { pipelines } = pipelineCatalogue();
  for (const id of ids) {
    aliases[id.replace(/-/g, " ")] ??= id;
    const label = (Object.hasOwn(pipelines, id) ? pipelines[id]!.name : undefined) ?? allTasks().find((task) => task.id === id)?.label;
    if (label === undefined) continue;
    const lower = label.toLowerCase();
    aliases[lower] ??= id;
    aliases[lower.replace(/\s+/g, "-")] ??= id;
  }
  return aliases;
}

/** The pipeline tag `typed` names, or a failure with a suggestion. */
export function requireTask(typed: string): string {
  const ids = taskIds();
  const match = matchChoice(typed.trim(), ids, { aliases: taskAliases(ids) });
  if (match === undefined) throw unknownChoice("task", typed, ids, { kind: "listed-by", command: "tasks" });
  return match;
}
