import type { ModelData } from "../model/schema.js";
import { providerTarget } from "../model/provider-mapping.js";
import { isInferenceTask } from "./id-lists.js";
import type { SettledOptions } from "./snippet.js";

/**
 * The model as a snippet for an explicitly chosen provider sees it: the task
 * comes from the provider's mapping entry where the model has one, and a
 * provider the mapping does not offer is a usage error listing those it does.
 * The engine applies it, so the command line and the picker agree.
 */
export function modelForProvider(model: ModelData, options: Pick<SettledOptions, "provider" | "endpointUrl" | "providerModelId">): ModelData {
  const provider = options.provider;
  if (provider === "auto" || options.endpointUrl !== undefined) return model;
  const task = providerTarget(model, provider, options.providerModelId).task;
  if (task === "conversational") {
    return model.tags.includes("conversational") ? model : { ...model, tags: [...model.tags, "conversational"] };
  }
  if (task !== undefined && task !== model.pipeline_tag && isInferenceTask(task)) return { ...model, pipeline_tag: task };
  return model;
}
