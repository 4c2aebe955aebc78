/*
 * What a provider of the router's list takes, without the list's parser: the
 * snippet engine asks this on every --tools/--schema run, and a snippet run
 * loads no zod (test/cli/startup-modules.test.ts).
 */

/** One provider of one model, as the router lists it. */
export interface RouterProvider {
  provider: string;
  status: string;
  contextLength: number | null;
  /** US dollars per million tokens. */
  pricing: { input: number; output: number } | null;
  /** null: the router does not say. */
  supportsTools: boolean | null;
  supportsStructuredOutput: boolean | null;
}

/** The features a request may need of a provider. */
export const PROVIDER_FEATURES = ["tools", "structured_output"] as const;
export type ProviderFeature = (typeof PROVIDER_FEATURES)[number];

/** Whether a provider has a feature: only a yes from the router counts. */
function supports(provider: RouterProvider, feature: ProviderFeature): boolean {
  return feature === "tools" ? provider.supportsTools === true : provider.supportsStructuredOutput === true;
}

/**
 * The live providers of a model that have a feature, in the router's order:
 * a request that needs tools or structured output goes to one of them.
 */
export function providersSupporting(providers: readonly RouterProvider[], feature: ProviderFeature): string[] {
  return providers.filter((provider) => provider.status === "live" && supports(provider, feature)).map((provider) => provider.provider);
}
