import type { Provider } from "./types.js";
import { fixed } from "./shared.js";

export const cerebras: Provider = {
  id: "cerebras",
  directBaseUrl: "https://api.cerebras.ai",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  tokenVariable: "CEREBRAS_API_KEY",
  chatPath: fixed("/v1/chat/completions"),
  tasks: {},
};
