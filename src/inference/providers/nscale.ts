import type { Provider } from "./types.js";
import { fixed, openAiImages } from "./shared.js";

export const nscale: Provider = {
  id: "nscale",
  directBaseUrl: "https://inference.api.nscale.com",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  tokenVariable: "NSCALE_API_KEY",
  chatPath: fixed("/v1/chat/completions"),
  tasks: {
    "text-to-image": openAiImages("/v1/images/generations"),
  },
};
