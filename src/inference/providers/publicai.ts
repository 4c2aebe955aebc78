import type { Provider } from "./types.js";
import { chatAt } from "./shared.js";

export const publicai: Provider = {
  id: "publicai",
  directBaseUrl: "https://api.publicai.co",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  chatPath: chatAt("/v1/chat/completions"),
  tasks: {},
};
