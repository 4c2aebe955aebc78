/*
 * The environment variable a snippet reads its token from, written out as
 * the README states it rather than computed: HF_TOKEN for calls routed
 * through the hub (and hf-inference, whose key is a hub token), API_TOKEN
 * for a dedicated endpoint, and the provider's own key for a direct call.
 */

export const ROUTED_TOKEN_VARIABLE = "HF_TOKEN";
export const ENDPOINT_TOKEN_VARIABLE = "API_TOKEN";

/** The variable a direct (--direct) call to each provider reads. */
export const DIRECT_TOKEN_VARIABLES: Readonly<Record<string, string>> = {
  "baseten": "BASETEN_API_KEY",
  "cerebras": "CEREBRAS_API_KEY",
  "cohere": "COHERE_API_KEY",
  "deepinfra": "DEEPINFRA_API_KEY",
  "fal-ai": "FAL_AI_API_KEY",
  "featherless-ai": "FEATHERLESS_AI_API_KEY",
  "fireworks-ai": "FIREWORKS_AI_API_KEY",
  "groq": "GROQ_API_KEY",
  "hf-inference": "HF_TOKEN",
  "novita": "NOVITA_API_KEY",
  "nscale": "NSCALE_API_KEY",
  "openai": "OPENAI_API_KEY",
  "ovhcloud": "OVHCLOUD_API_KEY",
  "publicai": "PUBLICAI_API_KEY",
  "replicate": "REPLICATE_API_KEY",
  "scaleway": "SCALEWAY_API_KEY",
  "together": "TOGETHER_API_KEY",
  "wavespeed": "WAVESPEED_API_KEY",
  "zai-org": "ZAI_ORG_API_KEY",
};

/** The variable a snippet for `provider` reads, routed through the hub or direct. */
export function tokenVariable(provider: string, mode: "routed" | "direct"): string {
  if (mode === "routed") return ROUTED_TOKEN_VARIABLE;
  const name = DIRECT_TOKEN_VARIABLES[provider];
  if (name === undefined) throw new Error(`no token variable stated for ${provider}: add it to DIRECT_TOKEN_VARIABLES`);
  return name;
}
