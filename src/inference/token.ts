import type { ProviderChoice } from "./ids.js";
import { PROVIDERS } from "./providers/index.js";

/*
 * Where a snippet's token comes from. Without --token it is an environment
 * variable whose name hubref chooses (so it is safe to write unquoted into
 * code); with --token the value is embedded through the literal formatters.
 */

/** How the request reaches the model: through the hub router, straight to the provider, or to the user's own endpoint. */
export type CallMode = "routed" | "direct" | "endpoint";

export type TokenSource = { kind: "env"; name: string } | { kind: "value"; value: string };

export function tokenEnvName(mode: CallMode, provider: ProviderChoice): string {
  if (mode === "endpoint") return "API_TOKEN";
  if (mode === "routed" || provider === "auto") return "HF_TOKEN";
  return PROVIDERS[provider].tokenVariable;
}

export function tokenSource(mode: CallMode, provider: ProviderChoice, value: string | undefined): TokenSource {
  return value === undefined ? { kind: "env", name: tokenEnvName(mode, provider) } : { kind: "value", value };
}

/** Tokens go into headers: no spaces or control characters, which would split or forge a header line. */
export function tokenProblem(value: string): string | undefined {
  return /^[\x21-\x7e]+$/.test(value) ? undefined : "a token is printable ASCII with no spaces";
}
