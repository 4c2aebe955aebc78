import { ModelDataSchema, type ModelData } from "../../src/model/schema.js";
import { PROVIDER_IDS } from "../../src/inference/ids.js";

/** The id a synthetic model has at a provider: different from its hub id, so tests see which one a snippet used. */
export function providerIdFor(provider: string, modelId: string): string {
  return provider === "hf-inference" ? modelId : `${provider}-org/${modelId.split("/")[1]}-served`;
}

/** A model with the given pipeline tag, mapped to every provider (or the ones given). */
export function syntheticModel(
  task: string,
  options: { conversational?: boolean; providers?: readonly string[]; id?: string; extra?: Record<string, unknown> } = {},
): ModelData {
  const id = options.id ?? `acme/${task}-model`;
  const providers = options.providers ?? PROVIDER_IDS;
  const mappingTask = options.conversational ? "conversational" : task;
  return ModelDataSchema.parse({
    id,
    pipeline_tag: task,
    tags: options.conversational ? [task, "conversational"] : [task],
    inferenceProviderMapping: providers.map((provider) => ({ provider, providerId: providerIdFor(provider, id), status: "live", task: mappingTask })),
    ...options.extra,
  });
}
