import type { Provider } from "./types.js";
import { chatAt } from "./shared.js";

export const cohere: Provider = {
  id: "cohere",
  directBaseUrl: "https://api.cohere.com",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  chatPath: chatAt("/compatibility/v1/chat/completions"),
  tasks: {},
};
