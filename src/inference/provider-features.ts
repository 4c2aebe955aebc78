import { providersSupporting, type ProviderFeature } from "../model/router/features.js";
import type { RouterFacts, RouterProvider } from "../model/router/facts.js";
import type { FeatureProvider } from "../outcome/code-notes.js";
import type { FeatureSetting } from "../outcome/code-problems.js";
import type { Note } from "../outcome/notes.js";
import type { Problem } from "../outcome/problems.js";
import { PROVIDER_IDS } from "./id-lists.js";
import type { ProviderId } from "./ids.js";
import type { SettledOptions } from "./snippet.js";

/*
 * --tools and --schema need a provider that takes tool calls or structured
 * output. The router's model list says which do; this is where that is
 * decided, once, for the command line, the picker, the library and MCP.
 */

export type { RouterFacts };

/** What the feature check decided for one chat model. */
export type FeatureDecision =
  /** Nothing to check, or nothing the router says against it; a note when the check could not be made. */
  | { kind: "go"; note?: Note }
  /** With auto: the provider chosen among those that have the features, and the note that says why. */
  | { kind: "pin"; provider: string; note: Note }
  /** A usage problem: the provider asked for lacks a feature, or no provider has it. */
  | { kind: "refuse"; problem: Problem };

/** The setting that asks for each feature. */
const FEATURE_SETTINGS = { tools: "tools", structured_output: "schema" } as const satisfies Record<ProviderFeature, FeatureSetting>;

type Asked = Pick<SettledOptions, "provider" | "routerPolicy" | "unlistedProvider" | "endpointUrl" | "tools" | "schema">;

/** The features the options need of a provider, in a fixed order. */
export function neededFeatures(options: Pick<SettledOptions, "tools" | "schema">): ProviderFeature[] {
  return [...(options.tools !== undefined ? (["tools"] as const) : []), ...(options.schema !== undefined ? (["structured_output"] as const) : [])];
}

function settingsOf(features: readonly ProviderFeature[]): FeatureSetting[] {
  return features.map((feature) => FEATURE_SETTINGS[feature]);
}

/** The live providers that have every feature, in the router's order. */
function providersWithAll(providers: readonly RouterProvider[], features: readonly ProviderFeature[]): string[] {
  const lists = features.map((feature) => providersSupporting(providers, feature));
  return lists[0]!.filter((provider) => lists.every((list) => list.includes(provider)));
}

function supportOf(provider: RouterProvider, feature: ProviderFeature): boolean | null {
  return feature === "tools" ? provider.supportsTools : provider.supportsStructuredOutput;
}

/** The provider a request names: one by name, the router's policy, or auto. */
function askedProvider(options: Asked): { kind: "named"; name: string } | { kind: "policy"; name: string } | { kind: "auto" } {
  if (options.unlistedProvider !== undefined) return { kind: "named", name: options.unlistedProvider };
  if (options.provider !== "auto") return { kind: "named", name: options.provider };
  if (options.routerPolicy !== undefined) return { kind: "policy", name: options.routerPolicy };
  return { kind: "auto" };
}

/**
 * Whether the provider the options ask for can serve --tools/--schema for a
 * chat model, as the router lists its providers. `router` undefined: nobody
 * asked the router (a model file, or a library caller that gave no list),
 * so there is nothing to check and nothing to say.
 */
export function featureDecision(modelId: string, options: Asked, router: RouterFacts | undefined): FeatureDecision {
  const needed = neededFeatures(options);
  // Your own endpoint is not the router's to describe.
  if (needed.length === 0 || options.endpointUrl !== undefined) return { kind: "go" };
  const features = settingsOf(needed);
  const model = modelId;
  const asked = askedProvider(options);
  const listed = router !== undefined && "models" in router ? router.models.get(modelId) : undefined;
  const having = listed === undefined ? undefined : providersWithAll(listed, needed);
  if (asked.kind === "policy") {
    // The router's policy picks by speed or price, not by what a provider takes: it may pick one without the feature.
    return { kind: "refuse", problem: { kind: "policy-ignores-features", model, policy: asked.name, features, ...(having !== undefined && { having }) } };
  }
  if (router === undefined) return { kind: "go" };
  const who: FeatureProvider = asked.kind === "auto" ? { kind: "router-choice" } : { kind: "provider", name: asked.name };
  if ("unavailable" in router) return { kind: "go", note: { kind: "features-unchecked", model, why: router.unavailable, who, features } };
  if (listed === undefined || having === undefined) return { kind: "go", note: { kind: "features-unlisted-model", model, who, features } };
  if (asked.kind === "named") {
    const entry = listed.find((provider) => provider.provider === asked.name);
    if (entry === undefined) return { kind: "go", note: { kind: "features-unlisted-provider", model, provider: asked.name, features } };
    const lacking = needed.filter((feature) => supportOf(entry, feature) === false);
    if (lacking.length > 0)
      return { kind: "refuse", problem: { kind: "provider-lacks-features", model, provider: asked.name, lacking: settingsOf(lacking), having, features } };
    const unknown = needed.filter((feature) => supportOf(entry, feature) === null);
    if (unknown.length > 0) return { kind: "go", note: { kind: "features-unknown", model, provider: asked.name, unknown: settingsOf(unknown) } };
    return { kind: "go" };
  }
  if (having.length === 0) return { kind: "refuse", problem: { kind: "no-provider-has-features", model, features } };
  const chosen = having[0]!;
  return { kind: "pin", provider: chosen, note: { kind: "features-pinned", model, features, provider: chosen, having } };
}

/** The options with a provider pinned by the feature check: one hubref knows by its id, another through the router by name. */
export function pinnedOptions<O extends Pick<SettledOptions, "provider" | "unlistedProvider">>(options: O, provider: string): O {
  const { unlistedProvider: _, ...rest } = options;
  if ((PROVIDER_IDS as readonly string[]).includes(provider)) return { ...rest, provider: provider as ProviderId } as O;
  return { ...rest, provider: "auto", unlistedProvider: provider } as O;
}
