import type { Provider } from "./types.js";
import { chatAt } from "./shared.js";

export const cerebras: Provider = {
  id: "cerebras",
  directBaseUrl: "https://api.cerebras.ai",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  chatPath: chatAt("/v1/chat/completions"),
  tasks: {},
};
