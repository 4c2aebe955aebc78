import type { FeatureSetting } from "./code-problems.js";
import { noteKind } from "./kind.js";
import type { Problem } from "./problems.js";

/* What the engine and the code blocks say of a snippet that came out: worth knowing, or likely to make it fail. */

/** Why there is no router list to check --tools/--schema against. */
export type RouterMissing = { kind: "no-router" } | { kind: "router-failed"; problem: Problem };

/** Who serves the request whose features are checked: the router's choice, or a provider by name. */
export type FeatureProvider = { kind: "router-choice" } | { kind: "provider"; name: string };

export const CODE_NOTES = {
  "provider-refuses-file-type": noteKind<{ provider: string; mime: string; types: readonly string[] }>("warning"),
  "no-local-file": noteKind<{ path: string }>("warning"),
  "wrong-file-type": noteKind<{ path: string; task: string; media: string; extension: string }>("warning"),
  "not-an-image": noteKind<{ path: string; extension: string }>("warning"),
  "provider-id-unmapped": noteKind<{ model: string; provider: string }>("note"),
  "chat-parameters-ignored": noteKind<{ model: string }>("note"),
  "auto-pinned-provider": noteKind<{ model: string; clients: readonly string[]; provider: string; task: string }>("note"),
  "features-unchecked": noteKind<{ model: string; why: RouterMissing; who: FeatureProvider; features: readonly FeatureSetting[] }>("note"),
  "features-unlisted-model": noteKind<{ model: string; who: FeatureProvider; features: readonly FeatureSetting[] }>("note"),
  "features-unlisted-provider": noteKind<{ model: string; provider: string; features: readonly FeatureSetting[] }>("note"),
  "features-unknown": noteKind<{ model: string; provider: string; unknown: readonly FeatureSetting[] }>("note"),
  "features-pinned": noteKind<{ model: string; features: readonly FeatureSetting[]; provider: string; having: readonly string[] }>("note"),
  "no-mapping-may-fail": noteKind<{ model: string }>("note"),
  "runs-locally-only": noteKind<{ model: string; ref: string }>("note"),
  "staging-only": noteKind<{ model: string; mappings: readonly { provider: string; status: string }[] }>("note"),
  "unknown-providers": noteKind<{ model: string; providers: readonly string[]; chat: boolean }>("note"),
} as const;
