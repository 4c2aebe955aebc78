import type { Provider } from "./types.js";
import { chatAt, openAiImages } from "./shared.js";

export const nscale: Provider = {
  id: "nscale",
  directBaseUrl: "https://inference.api.nscale.com",
  authScheme: "Bearer",
  acceptsHubTokens: true,
  chatPath: chatAt("/v1/chat/completions"),
  tasks: {
    "text-to-image": openAiImages("/v1/images/generations"),
  },
};
