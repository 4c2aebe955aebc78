import type { Provider } from "./types.js";
import { fixed } from "./shared.js";

// A closed-source provider: the router does not take hub tokens for it, so only --direct calls work.
export const openai: Provider = {
  id: "openai",
  directBaseUrl: "https://api.openai.com",
  authScheme: "Bearer",
  acceptsHubTokens: false,
  tokenVariable: "OPENAI_API_KEY",
  hubIdPrefix: "openai/",
  chatPath: fixed("/v1/chat/completions"),
  tasks: {},
};
