import type { Provider } from "./types.js";
import { fixed } from "./shared.js";

export const cohere: Provider = {
  id: "cohere",
  directBaseUrl: "https://api.cohere.com",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  tokenVariable: "COHERE_API_KEY",
  chatPath: fixed("/compatibility/v1/chat/completions"),
  tasks: {},
};
