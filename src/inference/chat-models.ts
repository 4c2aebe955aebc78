import type { ModelData } from "../model/schema.js";
import type { InferenceTask } from "./ids.js";

/** Tasks whose conversational models are called through chat completions. */
const CHAT_TASKS: readonly InferenceTask[] = ["text-generation", "image-text-to-text"];

/** Whether a model's snippets are chat completions: the engine and the picker's stream toggle ask the same. */
export function isChatModel(model: Pick<ModelData, "pipeline_tag" | "tags">): boolean {
  return model.tags.includes("conversational") && (CHAT_TASKS as readonly (string | undefined)[]).includes(model.pipeline_tag);
}
