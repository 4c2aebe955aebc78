import type { ModelData } from "./schema.js";

/**
 * Pipeline tags whose conversational models chat: the inference engine calls
 * them through chat completions, and local apps that serve chat (vLLM, TGI)
 * load their transformers weights. One list, so the two never disagree.
 */
const CHAT_TASKS = ["text-generation", "image-text-to-text"] as const;

export function isChatTask(tag: string | undefined): boolean {
  return (CHAT_TASKS as readonly (string | undefined)[]).includes(tag);
}

/** Whether a model's snippets are chat completions: the engine and the picker's stream toggle ask the same. */
export function isChatModel(model: Pick<ModelData, "pipeline_tag" | "tags">): boolean {
  return model.tags.includes("conversational") && isChatTask(model.pipeline_tag);
}

/**
 * Whether a chat model takes images in its messages (`--image`). Known by the
 * pipeline tag alone: a text-generation model's card says nothing reliable
 * about vision, and its provider would refuse image parts.
 */
export function takesChatImages(model: Pick<ModelData, "pipeline_tag" | "tags">): boolean {
  return isChatModel(model) && model.pipeline_tag === "image-text-to-text";
}
