import type { Provider } from "./types.js";
import { fixed } from "./shared.js";

export const baseten: Provider = {
  id: "baseten",
  directBaseUrl: "https://inference.baseten.co",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  tokenVariable: "BASETEN_API_KEY",
  chatPath: fixed("/v1/chat/completions"),
  tasks: {},
};
