import type { Provider } from "./types.js";
import { chatAt } from "./shared.js";

export const baseten: Provider = {
  id: "baseten",
  directBaseUrl: "https://inference.baseten.co",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  chatPath: chatAt("/v1/chat/completions"),
  tasks: {},
};
