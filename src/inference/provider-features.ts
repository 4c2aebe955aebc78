import { providersSupporting, type ProviderFeature } from "../model/router/features.js";
import type { RouterFacts, RouterProvider } from "../model/router/facts.js";
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
  | { kind: "go"; note?: string }
  /** With auto: the provider chosen among those that have the features, and the line that says why. */
  | { kind: "pin"; provider: string; note: string }
  /** A usage error: the provider asked for lacks a feature, or no provider has it. */
  | { kind: "refuse"; problem: string; hint: string };

const FEATURE_WORDS = {
  tools: { flag: "--tools", takes: "takes tool calls", take: "take tool calls" },
  structured_output: { flag: "--schema", takes: "takes structured output", take: "take structured output" },
} as const satisfies Record<ProviderFeature, { flag: string; takes: string; take: string }>;

type Asked = Pick<SettledOptions, "provider" | "routerPolicy" | "unlistedProvider" | "endpointUrl" | "tools" | "schema">;

/** The features the options need of a provider, in a fixed order. */
export function neededFeatures(options: Pick<SettledOptions, "tools" | "schema">): ProviderFeature[] {
  return [...(options.tools !== undefined ? (["tools"] as const) : []), ...(options.schema !== undefined ? (["structured_output"] as const) : [])];
}

function flags(features: readonly ProviderFeature[]): string {
  return features.map((feature) => FEATURE_WORDS[feature].flag).join(" and ");
}

/** "takes tool calls and structured output" */
function takes(features: readonly ProviderFeature[], plural = false): string {
  const words = features.map((feature) => FEATURE_WORDS[feature][plural ? "take" : "takes"]);
  return words.length === 2 ? `${words[0]} and ${words[1]!.replace(/^takes? /, "")}` : words[0]!;
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
  const features = neededFeatures(options);
  // Your own endpoint is not the router's to describe.
  if (features.length === 0 || options.endpointUrl !== undefined) return { kind: "go" };
  const asked = askedProvider(options);
  const listed = router !== undefined && "models" in router ? router.models.get(modelId) : undefined;
  const having = listed === undefined ? undefined : providersWithAll(listed, features);
  const named = (providers: readonly string[]) => providers.map((provider) => `--provider ${provider}`).join(", ");
  if (asked.kind === "policy") {
    // The router's policy picks by speed or price, not by what a provider takes: it may pick one without the feature.
    return {
      kind: "refuse",
      problem: `${modelId}: --provider ${asked.name} lets the router pick by ${asked.name === "fastest" ? "speed" : "price"} alone, and it may pick a provider that does not ${takes(features, true)} (${flags(features)})`,
      hint:
        having !== undefined && having.length > 0
          ? `name one that does (${named(having)}), or use --provider auto, which chooses among them`
          : "name a provider with --provider, or use --provider auto, which chooses one that does",
    };
  }
  if (router === undefined) return { kind: "go" };
  const who = asked.kind === "auto" ? "the router's choice" : asked.name;
  if ("unavailable" in router)
    return { kind: "go", note: `${modelId}: ${router.unavailable}, so whether ${who} ${takes(features)} (${flags(features)}) is not checked` };
  if (listed === undefined || having === undefined)
    return {
      kind: "go",
      note: `${modelId}: the router's model list does not list it, so whether ${who} ${takes(features)} (${flags(features)}) is not checked`,
    };
  const elsewhere =
    having.length > 0
      ? `providers that do: ${having.join(", ")} (choose with --provider)`
      : `no live provider of ${modelId} does, as the router lists them: leave out ${flags(features)}`;
  if (asked.kind === "named") {
    const entry = listed.find((provider) => provider.provider === asked.name);
    if (entry === undefined)
      return {
        kind: "go",
        note: `${modelId}: the router does not list ${asked.name} for it, so whether ${asked.name} ${takes(features)} (${flags(features)}) is not checked`,
      };
    const lacking = features.filter((feature) => supportOf(entry, feature) === false);
    if (lacking.length > 0)
      return {
        kind: "refuse",
        problem: `${modelId}: ${asked.name} does not ${takes(lacking, true)} (${flags(lacking)}), as the router lists it`,
        hint: elsewhere,
      };
    const unknown = features.filter((feature) => supportOf(entry, feature) === null);
    if (unknown.length > 0) return { kind: "go", note: `${modelId}: the router does not say whether ${asked.name} ${takes(unknown)} (${flags(unknown)})` };
    return { kind: "go" };
  }
  if (having.length === 0)
    return {
      kind: "refuse",
      problem: `${modelId}: no live provider of ${modelId} ${takes(features)} (${flags(features)}), as the router lists them`,
      hint: `leave out ${flags(features)}, or choose another model`,
    };
  const chosen = having[0]!;
  const others = having.length > 1 ? `, the first of ${having.join(", ")} in the router's list` : ", the only one in the router's list";
  return {
    kind: "pin",
    provider: chosen,
    note: `${modelId}: ${flags(features)} ${features.length > 1 ? "need" : "needs"} a provider that ${takes(features)}: pinned to ${chosen}${others}`,
  };
}

/** The options with a provider pinned by the feature check: one hubref knows by its id, another through the router by name. */
export function pinnedOptions<O extends Pick<SettledOptions, "provider" | "unlistedProvider">>(options: O, provider: string): O {
  const { unlistedProvider: _, ...rest } = options;
  if ((PROVIDER_IDS as readonly string[]).includes(provider)) return { ...rest, provider: provider as ProviderId } as O;
  return { ...rest, provider: "auto", unlistedProvider: provider } as O;
}
