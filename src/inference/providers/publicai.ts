import type { Provider } from "./types.js";
import { fixed } from "./shared.js";

export const publicai: Provider = {
  id: "publicai",
  directBaseUrl: "https://api.publicai.co",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  tokenVariable: "PUBLICAI_API_KEY",
  chatPath: fixed("/v1/chat/completions"),
  tasks: {},
};
