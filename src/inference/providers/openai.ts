import type { Provider } from "./types.js";
import { chatAt } from "./shared.js";

// A closed-source provider: the router does not take hub tokens for it, so only --direct calls work.
export const openai: Provider = {
  id: "openai",
  directBaseUrl: "https://api.openai.com",
  authScheme: "Bearer",
  acceptsHubTokens: false,
  chatPath: chatAt("/v1/chat/completions"),
  tasks: {},
};
