import type { ModelData } from "../model/schema.js";
import { liveProviders, mappedTask } from "../model/provider-mapping.js";
import { isInferenceTask, PROVIDER_IDS, PROVIDER_NAME } from "./id-lists.js";
import type { InferenceTask, ProviderChoice, ProviderId } from "./ids.js";
import { PROVIDERS } from "./providers/index.js";
import type { SettledOptions, SnippetOptions } from "./snippet.js";
import { ROUTER_POLICIES } from "./responses.js";
import type { RouterModels } from "../model/router/facts.js";
import { isChatModel } from "../model/chat.js";

/** The providers hubref knows that the model's mapping offers live, in the hub's order. */
function mappedProviders(model: ModelData): ProviderId[] {
  return liveProviders(model)
    .map((mapping) => mapping.provider)
    .filter((provider): provider is ProviderId => (PROVIDER_IDS as readonly string[]).includes(provider));
}

/**
 * The provider a snippet is written for. With auto and exactly one mapped
 * provider, the hub can only choose that one: naming it gives raw-HTTP
 * snippets for tasks where auto has only the client libraries. A chat model
 * stays with auto: the router chooses per request (the model alone), which
 * keeps working when a provider drops the model or a new one takes it up.
 */
export function chosenProvider(model: ModelData, options: Pick<SettledOptions, "provider" | "endpointUrl">): ProviderChoice {
  if (options.provider !== "auto" || options.endpointUrl !== undefined || isChatModel(model)) return options.provider;
  const mapped = mappedProviders(model);
  return mapped.length === 1 ? mapped[0]! : "auto";
}

/**
 * With provider auto, the provider a client that cannot leave the choice to
 * the hub calls for a pipeline task (not chat): the model's first live
 * provider, in the hub's order, that serves the task. Undefined when none does.
 */
export function firstServingProvider(model: ModelData, task: InferenceTask): ProviderId | undefined {
  if (task === "image-text-to-text") return undefined;
  return mappedProviders(model).find((id) => PROVIDERS[id].tasks[task] !== undefined && (mappedTask(model, id) ?? task) === task);
}

/** The provider choices worth offering for a model (the picker's list): auto only when it can mean more than one, or when the router chooses (chat). */
export function providerChoices(model: ModelData): ProviderChoice[] {
  const mapped = mappedProviders(model);
  if (mapped.length === 1 && !isChatModel(model)) return mapped;
  return ["auto", ...(mapped.length > 0 ? mapped : PROVIDER_IDS)];
}

/** One provider choice of the picker: its label (the block's provider, as --provider takes it) and the options that make it. */
export interface ProviderPick {
  label: string;
  options: Pick<SettledOptions, "provider"> & Pick<SnippetOptions, "routerPolicy" | "unlistedProvider">;
}

/**
 * The picker's provider choices, the ones the command line takes: for a chat
 * model, auto (the router chooses), the router's policies, the providers
 * hubref knows, and the live providers it has no table for, from the hub's
 * mapping and from the router's list (their chat goes through the router).
 */
export function pickerProviderChoices(model: ModelData, router?: RouterModels): ProviderPick[] {
  const known: ProviderPick[] = providerChoices(model).map((provider) => ({ label: provider, options: { provider } }));
  if (!isChatModel(model)) return known;
  const listed =
    router
      ?.get(model.id)
      ?.filter((entry) => entry.status === "live")
      .map((entry) => entry.provider) ?? [];
  const unlisted = [...new Set([...liveProviders(model).map((mapping) => mapping.provider), ...listed])].filter(
    (provider) => !(PROVIDER_IDS as readonly string[]).includes(provider) && PROVIDER_NAME.test(provider),
  );
  const [auto, ...named] = known;
  return [
    ...(auto === undefined ? [] : [auto]),
    ...ROUTER_POLICIES.map((policy) => ({ label: policy, options: { provider: "auto" as const, routerPolicy: policy } })),
    ...named,
    ...unlisted.map((provider) => ({ label: provider, options: { provider: "auto" as const, unlistedProvider: provider } })),
  ];
}

/**
 * The model as a snippet for an explicitly chosen provider sees it: the task
 * comes from the provider's mapping entry where the model has one, and a
 * provider the mapping does not offer is a usage error listing those it does.
 * The engine applies it, so the command line and the picker agree.
 */
export function modelForProvider(model: ModelData, options: Pick<SettledOptions, "provider" | "endpointUrl">): ModelData {
  const provider = options.provider;
  if (provider === "auto" || options.endpointUrl !== undefined) return model;
  const task = mappedTask(model, provider);
  if (task === "conversational") {
    return model.tags.includes("conversational") ? model : { ...model, tags: [...model.tags, "conversational"] };
  }
  if (task !== undefined && task !== model.pipeline_tag && isInferenceTask(task)) return { ...model, pipeline_tag: task };
  return model;
}
