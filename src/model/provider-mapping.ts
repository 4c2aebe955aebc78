import { fail } from "../outcome/problems.js";
import { closestMatch } from "../util/suggest.js";
import type { ModelData, ProviderMappingEntry } from "./schema.js";

/** One provider's entry for a model: which id it serves the model under, for which task. */
interface ProviderMapping {
  provider: string;
  /** The model's id at the provider: untrusted text, for the literal formatters only. */
  providerId: string;
  /** "live", "staging", "error", or whatever the hub says next. */
  status: string;
  task: string;
  adapter?: string;
  adapterWeightsPath?: string;
}

/**
 * Provider names are short slugs. Anything else cannot match a provider hubref
 * knows, and would otherwise reach the terminal in messages.
 */
const PROVIDER_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/i;

function normalise(entry: ProviderMappingEntry, provider: string | undefined): ProviderMapping | undefined {
  if (provider === undefined || !PROVIDER_NAME.test(provider)) return undefined;
  const mapping: ProviderMapping = { provider, providerId: entry.providerId, status: entry.status ?? "unknown", task: entry.task };
  if (entry.adapter !== undefined) mapping.adapter = entry.adapter;
  if (entry.adapterWeightsPath !== undefined) mapping.adapterWeightsPath = entry.adapterWeightsPath;
  return mapping;
}

/**
 * The model's provider mapping as a list, whichever shape the hub sent: a list
 * of entries naming their provider, or an object keyed by provider. The first
 * entry for a provider wins; entries with no usable provider name are dropped.
 */
export function providerMappings(model: ModelData): ProviderMapping[] {
  const raw = model.inferenceProviderMapping;
  if (raw === undefined) return [];
  const pairs: [ProviderMappingEntry, string | undefined][] = Array.isArray(raw)
    ? raw.map((entry) => [entry, entry.provider])
    : Object.entries(raw).map(([provider, entry]) => [entry, provider]);
  const seen = new Set<string>();
  const out: ProviderMapping[] = [];
  for (const [entry, provider] of pairs) {
    const mapping = normalise(entry, provider);
    if (!mapping || seen.has(mapping.provider)) continue;
    seen.add(mapping.provider);
    out.push(mapping);
  }
  return out;
}

/** Whether the hub says which providers serve this model. Local files often do not. */
export function hasProviderMapping(model: ModelData): boolean {
  return providerMappings(model).length > 0;
}

/** The providers that serve the model now (status "live"), in the hub's order. */
export function liveProviders(model: ModelData): ProviderMapping[] {
  return providerMappings(model).filter((mapping) => mapping.status === "live");
}

/** The entry for `provider`, whatever its status. */
export function mappingFor(model: ModelData, provider: string): ProviderMapping | undefined {
  return providerMappings(model).find((mapping) => mapping.provider === provider);
}

/**
 * The live entry for an explicitly requested provider. Undefined when the model
 * has no mapping at all (nothing to check against); a failure, with the live
 * providers, when the mapping does not offer this one live.
 */
export function requireProvider(model: ModelData, provider: string): ProviderMapping | undefined {
  const all = providerMappings(model);
  if (all.length === 0) return undefined;
  const live = all.filter((mapping) => mapping.status === "live").map((mapping) => mapping.provider);
  const entry = all.find((mapping) => mapping.provider === provider);
  if (entry?.status === "live") return entry;
  if (entry) return fail({ kind: "provider-not-serving", model: model.id, provider, live, status: entry.status });
  const closest = closestMatch(provider, live);
  return fail({ kind: "provider-not-serving", model: model.id, provider, live, ...(closest === undefined ? {} : { closest }) });
}

/**
 * The task the mapping gives `provider` for this model, after checking the
 * provider serves it (a failure naming those that do); undefined when
 * the model has no mapping, and the pipeline tag decides.
 */
export function mappedTask(model: ModelData, provider: string): string | undefined {
  return requireProvider(model, provider)?.task;
}
